import { paths } from "@/config/paths";
import { getDb } from "@/server/db/client";
import { listRepatriationCountries } from "@/server/services/countries-page";

/** Sitemap source (name + entries) of every country page, in the 11 locales; the index is in the static source. */
export const repatriationSitemapFamily = {
  name: "rapatriement-pays",
  entries: async () => {
    const countries = await listRepatriationCountries(await getDb());
    return countries.map((c) => ({
      path: paths.repatriationCountry(c.slug),
      changeFrequency: "monthly" as const,
      priority: c.flights > 0 || c.consulates > 0 ? 0.7 : 0.5,
    }));
  },
};
