import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import type { Db } from "@/server/db/client";
import { clearPricingCache } from "@/server/services/quote-pricing";
import { bindingFor } from "@/server/services/directory/columns";

/**
 * What must forget a directory change at once: the framework's page cache (the commune
 * pages, revalidated hourly otherwise) and in-process caches. The service stays free of
 * Next.js: the route layer hands it a port (src/server/http/directory-cache.ts).
 */
export interface DirectoryCachePort {
  /** Entries of `type` changed (created, updated, disabled, deleted, imported). */
  changed(change: DirectoryCacheChange): void | Promise<void>;
}

export interface DirectoryCacheChange {
  type: string;
  ids: readonly number[];
  /** The /pompes-funebres commune pages show entries of this type. */
  communePages: boolean;
  /** The /rapatriement-corps-pays pages (and their estimate) read entries of this type: flights. */
  repatriationPages?: boolean;
}

export const NO_PAGE_CACHE: DirectoryCachePort = { changed: () => undefined };

/** Called after the transaction committed: a rolled-back change invalidates nothing. */
export async function afterDirectoryChange(db: Db, port: DirectoryCachePort, descriptor: DirectoryDescriptor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  // The quote's partner choice and prices are read through this cache (services/quote-pricing.ts).
  clearPricingCache(db);
  const binding = bindingFor(descriptor);
  // repatriationPages only when set: the partner types' changes keep their shape.
  await port.changed({ type: descriptor.type, ids, communePages: binding.onCommunePages === true, ...(binding.onRepatriationPages ? { repatriationPages: true } : {}) });
}
