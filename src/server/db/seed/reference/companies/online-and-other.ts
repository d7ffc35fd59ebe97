import { ONLINE_CLOSE, ONLINE_MEMORIAL, SUBSCRIPTION_CLOSE } from "@/server/db/seed/reference/companies/formalities";
import { CHECKED_ON, type CompanySeed, type FormalitySeed } from "@/server/db/seed/reference/companies/types";

/** Social networks, e-mail and cloud accounts, subscriptions, mail forwarding, vehicle registration. */
const online = (
  name: string,
  website: string,
  help: { formUrl: string; source: string; read: boolean },
  formalities: readonly FormalitySeed[] = [ONLINE_CLOSE],
): CompanySeed => ({
  name,
  category: "online_account",
  website,
  formUrl: help.formUrl,
  source: help.source,
  checkedOn: help.read ? CHECKED_ON : null,
  formalities,
});

/** The help centre's home, named from knowledge: the family searches it for the deceased-user form. */
const helpCentre = (url: string) => ({ formUrl: url, source: url, read: false });

const subscription = (name: string, website: string): CompanySeed => ({
  name,
  category: "subscription",
  website,
  source: website,
  checkedOn: null,
  formalities: [SUBSCRIPTION_CLOSE],
});

export const ONLINE_ACCOUNTS: readonly CompanySeed[] = [
  online(
    "Facebook (Meta)",
    "https://www.facebook.com",
    { formUrl: "https://www.facebook.com/help/150486848354038", source: "https://www.facebook.com/help/150486848354038", read: true },
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online(
    "Instagram (Meta)",
    "https://www.instagram.com",
    { formUrl: "https://help.instagram.com/264154560391256", source: "https://help.instagram.com/264154560391256", read: true },
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online(
    "LinkedIn",
    "https://www.linkedin.com",
    { formUrl: "https://www.linkedin.com/help/linkedin/answer/124752", source: "https://www.linkedin.com/help/linkedin/answer/124752", read: true },
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online("X (ex-Twitter)", "https://x.com", helpCentre("https://help.x.com")),
  online("Google (Gmail, YouTube)", "https://www.google.com", {
    formUrl: "https://support.google.com/accounts/troubleshooter/6357590",
    source: "https://support.google.com/accounts/troubleshooter/6357590",
    read: false,
  }),
  // Legacy Contacts use the access key on digital-legacy.apple.com; read on Apple's support page.
  online("Apple (compte Apple, iCloud)", "https://www.apple.com/fr/", {
    formUrl: "https://digital-legacy.apple.com",
    source: "https://support.apple.com/en-mt/102678",
    read: true,
  }),
  online("Microsoft (Outlook, Hotmail, OneDrive)", "https://www.microsoft.com", helpCentre("https://support.microsoft.com")),
  online("Yahoo", "https://www.yahoo.com", helpCentre("https://help.yahoo.com")),
  online("TikTok", "https://www.tiktok.com", helpCentre("https://support.tiktok.com")),
  online("Snapchat", "https://www.snapchat.com", helpCentre("https://help.snapchat.com")),
  online("Pinterest", "https://www.pinterest.fr", helpCentre("https://help.pinterest.com")),
  online("Amazon", "https://www.amazon.fr", helpCentre("https://www.amazon.fr/gp/help/customer/display.html")),
  online("PayPal", "https://www.paypal.com/fr/", helpCentre("https://www.paypal.com/fr/smarthelp/contact-us")),
];

export const SUBSCRIPTIONS: readonly CompanySeed[] = [
  subscription("Canal+", "https://www.canalplus.com"),
  subscription("Netflix", "https://www.netflix.com"),
  subscription("Spotify", "https://www.spotify.com"),
  subscription("Deezer", "https://www.deezer.com"),
  subscription("Disney+", "https://www.disneyplus.com"),
];

export const OTHERS: readonly CompanySeed[] = [
  {
    name: "La Poste — réexpédition du courrier",
    category: "postal",
    website: "https://www.laposte.fr",
    formUrl: "https://www.laposte.fr",
    source: "https://www.laposte.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Faire suivre le courrier du défunt vers un proche ou le notaire",
        kind: "transfer",
        requiresLetter: false,
        fields: { forwarding_address: true, end_date: false },
        documents: ["death_certificate", "heirship_certificate", "identity_card"],
      },
    ],
  },
  {
    name: "ANTS — immatriculation des véhicules",
    category: "vehicle",
    website: "https://immatriculation.ants.gouv.fr",
    formUrl: "https://immatriculation.ants.gouv.fr",
    source: "https://immatriculation.ants.gouv.fr",
    checkedOn: null,
    formalities: [
      {
        name: "Mettre le certificat d'immatriculation au nom de l'héritier qui garde le véhicule",
        kind: "transfer",
        requiresLetter: false,
        fields: { registration_number: true },
        documents: ["death_certificate", "vehicle_registration", "heirship_certificate", "identity_card", "proof_of_address"],
      },
      {
        name: "Déclarer la vente ou la cession du véhicule du défunt",
        kind: "close",
        requiresLetter: false,
        fields: { registration_number: true },
        documents: ["death_certificate", "vehicle_registration", "heirship_certificate"],
      },
    ],
  },
];
