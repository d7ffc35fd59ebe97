import { paths } from "@/config/paths";

/** Header entries: the routes families look for first. Labels are keys of Shell.nav. */
export const HEADER_LINKS = [
  { key: "quote", href: paths.funeralQuote() },
  { key: "funeralHomes", href: paths.funeralIndex() },
  { key: "repatriation", href: paths.repatriation() },
  { key: "flowers", href: paths.flowers() },
  { key: "tombstone", href: paths.tombstone() },
  // Reached from the mobile menu and the footer; the desktop bar keeps to the five above.
  { key: "guides", href: paths.guides(), mobileOnly: true },
  { key: "financialAid", href: paths.financialAid(), mobileOnly: true },
] as const;

/** Footer columns: together with the header they reach every public route of SPEC §2. Labels are keys of Shell.footer.links. */
export const FOOTER_COLUMNS = [
  {
    title: "servicesTitle",
    links: [
      { key: "funeralQuote", href: paths.funeralQuote() },
      { key: "genericQuote", href: paths.genericQuote() },
      { key: "funeralHomes", href: paths.funeralIndex() },
      { key: "repatriation", href: paths.repatriation() },
      { key: "flowers", href: paths.flowers() },
      { key: "tombstone", href: paths.tombstone() },
      { key: "tombstoneCatalogue", href: paths.tombstoneCatalogue() },
      { key: "services", href: paths.services() },
      { key: "payment", href: paths.payment() },
    ],
  },
  {
    title: "helpTitle",
    links: [
      { key: "guides", href: paths.guides() },
      { key: "financialAid", href: paths.financialAid() },
      { key: "detailedServices", href: paths.detailedServices() },
      { key: "ecological", href: paths.ecological() },
      { key: "glossary", href: paths.glossary() },
    ],
  },
  {
    title: "companyTitle",
    links: [
      { key: "commitments", href: paths.commitments() },
      { key: "reviews", href: paths.reviews() },
      { key: "press", href: paths.press() },
      { key: "professionals", href: paths.professionals() },
      { key: "login", href: paths.login() },
    ],
  },
] as const;
