import { join } from "node:path";
import { serverEnv } from "@/config/env";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { LocalFileStorage } from "@/server/integrations/storage/local-storage";
import { S3FileStorage } from "@/server/integrations/storage/s3-storage";

let configured: FileStorage | undefined;

/** The process's file storage: S3 when S3_BUCKET is set, otherwise DATA_DIR/files on the local disk. */
export function configuredFileStorage(): FileStorage {
  if (configured) return configured;
  const env = serverEnv();
  configured = env.S3_BUCKET
    ? new S3FileStorage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        prefix: env.S3_PREFIX,
      })
    : new LocalFileStorage(join(env.DATA_DIR, "files"));
  return configured;
}
