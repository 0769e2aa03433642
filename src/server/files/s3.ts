// FileStore on an S3-compatible object store (INKLESS_S3_*; docs/deploy.md), through the AWS SDK.
// Keys are the same as on the local folder (validKey), used as object keys in one bucket; uploads
// stream (a multipart upload past 5 MB, aborted when the file is over its limit) and downloads stream
// the object's body (a Range request for a part of it): no whole file is held in memory.
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "./s3Config";
import { type FileStore, FileTooLarge, type OpenedFile, type StoredFile, validKey } from "./store";

const checked = (key: string): string => {
  const k = validKey(key);
  if (!k) throw new Error(`invalid file key: ${JSON.stringify(key).slice(0, 80)}`);
  return k;
};

/** The SDK's "no such object" (a 404 answer, whichever name the server gives it). */
const missing = (e: unknown) =>
  (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404 ||
  ["NoSuchKey", "NotFound"].includes((e as { name?: string })?.name ?? "");

export class S3FileStore implements FileStore {
  private readonly s3: S3Client;
  readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.s3 = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: checked(key), Body: data }));
  }

  async putStream(
    key: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    maxBytes: number,
  ): Promise<number> {
    const k = checked(key);
    let size = 0;
    let over = false;
    async function* counted() {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > maxBytes) {
          over = true;
          throw new FileTooLarge();
        }
        yield chunk;
      }
    }
    const upload = new Upload({
      client: this.s3,
      params: { Bucket: this.bucket, Key: k, Body: Readable.from(counted()) },
      // a part failing does not leave the others behind
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (e) {
      if (over) throw new FileTooLarge();
      throw e;
    }
    if (over) {
      // the SDK may have finished a small object before the stream's error reached it
      await this.delete(k).catch(() => false);
      throw new FileTooLarge();
    }
    return size;
  }

  async open(key: string): Promise<OpenedFile | null> {
    const k = checked(key);
    let head: { ContentLength?: number; LastModified?: Date };
    try {
      head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: k }));
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    return {
      size: head.ContentLength ?? 0,
      mtime: head.LastModified ?? new Date(0),
      stream: (start, end) => {
        const range =
          start !== undefined || end !== undefined ? `bytes=${start ?? 0}-${end ?? ""}` : undefined;
        const body = async function* (s3: S3Client, bucket: string) {
          const r = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: k, Range: range }));
          yield* r.Body as Readable;
        };
        return Readable.from(body(this.s3, this.bucket), { objectMode: false });
      },
    };
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const r = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
      return r.Body ? await r.Body.transformToByteArray() : new Uint8Array(0);
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const k = checked(key);
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: k }));
    } catch (e) {
      if (missing(e)) return false;
      throw e;
    }
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: k }));
    return true;
  }

  async list(prefix: string): Promise<StoredFile[]> {
    // a folder: "u1" lists u1/…, never u10/…
    const folder = prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`;
    const out: StoredFile[] = [];
    let token: string | undefined;
    do {
      const r = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const o of r.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  async check(): Promise<void> {
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.s3.destroy();
  }
}
