import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, StorageNotFoundError, type FileStorage } from "@/server/integrations/storage/file-storage";

/**
 * Files on the local disk, under `root` (DATA_DIR/files by default). A write goes to a
 * temporary file in root/.tmp (same file system) and is renamed into place once
 * complete and flushed, so a crash never leaves half a document under a real key.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = "local" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    return join(this.root, assertStorageKey(key));
  }

  async put(key: string, body: Readable, _options: { contentType: string; byteSize?: number }): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = join(this.root, ".tmp");
    await mkdir(tmpDir, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(tmpDir, `${randomBytes(12).toString("hex")}.part`);
    try {
      await pipeline(body, createWriteStream(temporary, { flags: "wx", mode: 0o600, flush: true }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    const stream = createReadStream(path);
    await new Promise<void>((ok, fail) => {
      stream.once("open", () => ok());
      stream.once("error", (error: NodeJS.ErrnoException) => fail(error.code === "ENOENT" ? new StorageNotFoundError() : error));
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
