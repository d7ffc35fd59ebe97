import type { Db } from "@/server/db/client";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { AutocompleteCache } from "@/server/services/autocompletes/cache";
import type { AuthSession } from "@/server/services/auth-tokens";
import type { DirectoryCachePort } from "@/server/services/directory/cache-port";

/** What every handler finds on the context. */
export type AppEnv = {
  Variables: {
    db: Db;
    auth: AuthSession | null;
    requestId: string;
    autocompleteCache: AutocompleteCache | null;
    /** The company the signed-in client acts for, from the company-id header (src/server/http/acting-company.ts). */
    companyId: number | null;
    /** Where supporting documents are stored (local disk or S3). */
    fileStorage: FileStorage;
    /** Told of every directory change: the page cache of the commune pages and the in-process caches. */
    directoryCache: DirectoryCachePort;
  };
};
