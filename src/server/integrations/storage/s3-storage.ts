import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable } from "node:stream";
import { assertStorageKey, StorageNotFoundError, type FileStorage } from "@/server/integrations/storage/file-storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prefix of every object key ("paisible-prod"), so environments can share a bucket. */
  prefix?: string;
}

/**
 * Files in S3-compatible object storage (AWS, MinIO, Scaleway, OVH...). Uploads stream
 * through @aws-sdk/lib-storage's Upload (one PUT for a small file, a multipart upload of
 * 5 MiB parts otherwise: never the whole file in memory); an object appears only when
 * the upload completes, which is S3's own atomicity. Objects are private: downloads go
 * through the API's authorised route, never a bucket URL.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only when the service asks: several S3-compatible services refuse the newer defaults.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private keyOf(key: string): string {
    return `${this.prefix}${assertStorageKey(key)}`;
  }

  async put(key: string, body: Readable, options: { contentType: string; byteSize?: number }): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: body, ContentType: options.contentType },
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (body && typeof (body as { transformToWebStream?: unknown }).transformToWebStream === "function") {
        return Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as import("node:stream/web").ReadableStream);
      }
      throw new Error("S3 answered without a body");
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") throw new StorageNotFoundError();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === "NotFound" || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
