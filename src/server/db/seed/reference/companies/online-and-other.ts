import { ONLINE_CLOSE, ONLINE_MEMORIAL, SUBSCRIPTION_CLOSE } from "@/server/db/seed/reference/companies/formalities";
import { CHECKED_ON, type CompanySeed, type FormalitySeed } from "@/server/db/seed/reference/companies/types";

/** Social networks, e-mail and cloud accounts, subscriptions, mail forwarding, vehicle registration. */
const online = (name: string, website: string, formUrl: string, source: string, formalities: readonly FormalitySeed[] = [ONLINE_CLOSE]): CompanySeed => ({
  name,
  category: "online_account",
  website,
  formUrl,
  source,
  checkedOn: CHECKED_ON,
  formalities,
});

const subscription = (name: string, website: string): CompanySeed => ({
  name,
  category: "subscription",
  website,
  source: website,
  checkedOn: CHECKED_ON,
  formalities: [SUBSCRIPTION_CLOSE],
});

export const ONLINE_ACCOUNTS: readonly CompanySeed[] = [
  online(
    "Facebook (Meta)",
    "https://www.facebook.com",
    "https://www.facebook.com/help/150486848354038",
    "https://www.facebook.com/help/150486848354038",
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online(
    "Instagram (Meta)",
    "https://www.instagram.com",
    "https://help.instagram.com/264154560391256",
    "https://help.instagram.com/264154560391256",
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online(
    "LinkedIn",
    "https://www.linkedin.com",
    "https://www.linkedin.com/help/linkedin/answer/124752",
    "https://www.linkedin.com/help/linkedin/answer/124752",
    [ONLINE_MEMORIAL, ONLINE_CLOSE],
  ),
  online(
    "X (ex-Twitter)",
    "https://x.com",
    "https://help.x.com",
    "https://help.x.com",
  ),
  online(
    "Google (Gmail, YouTube)",
    "https://www.google.com",
    "https://support.google.com/accounts/troubleshooter/6357590",
    "https://support.google.com/accounts/troubleshooter/6357590",
  ),
  online(
    "Apple (compte Apple, iCloud)",
    "https://www.apple.com/fr/",
    "https://digital-legacy.apple.com",
    "https://support.apple.com/en-mt/102678",
  ),
  online("Microsoft (Outlook, Hotmail, OneDrive)", "https://www.microsoft.com", "https://support.microsoft.com", "https://support.microsoft.com"),
  online("Yahoo", "https://www.yahoo.com", "https://help.yahoo.com", "https://help.yahoo.com"),
  online("TikTok", "https://www.tiktok.com", "https://support.tiktok.com", "https://support.tiktok.com"),
  online("Snapchat", "https://www.snapchat.com", "https://help.snapchat.com", "https://help.snapchat.com"),
  online("Pinterest", "https://www.pinterest.fr", "https://help.pinterest.com", "https://help.pinterest.com"),
  online("Amazon", "https://www.amazon.fr", "https://www.amazon.fr/gp/help/customer/display.html", "https://www.amazon.fr/gp/help/customer/display.html"),
  online("PayPal", "https://www.paypal.com/fr/", "https://www.paypal.com/fr/smarthelp/contact-us", "https://www.paypal.com/fr/smarthelp/contact-us"),
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
    checkedOn: CHECKED_ON,
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
    checkedOn: CHECKED_ON,
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
