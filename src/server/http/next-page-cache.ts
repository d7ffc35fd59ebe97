import { revalidatePath } from "next/cache";
import type { DirectoryCachePort } from "@/server/services/directory/cache-port";
import { clearSharedPageCaches } from "@/server/http/page-cache.mjs";

/**
 * The Next.js side of the directory's cache port: a change to a partner shown on the
 * commune pages (/pompes-funebres/{place}, regenerated hourly otherwise) marks every such
 * page stale, so the next visit renders it again from the database. Every commune page is
 * refreshed, not only the entry's own commune: a partner also shows on the other communes
 * of its région. Flights refresh the repatriation country pages the same way.
 */
export const nextPageCache: DirectoryCachePort = {
  changed(change) {
    if (change.communePages) revalidatePath("/[locale]/pompes-funebres/[place]", "page");
    // A flight or a rate changes the country's estimate and route table, and the index's counts.
    if (change.repatriationPages) {
      revalidatePath("/[locale]/rapatriement-corps-pays/[country]", "page");
      revalidatePath("/[locale]/rapatriement-corps-pays", "page");
    }
    // server.mjs keeps finished pages up to a minute in front of Next: those copies go too.
    if (change.communePages || change.repatriationPages) clearSharedPageCaches();
  },
};
