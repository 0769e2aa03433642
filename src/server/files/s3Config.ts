// The S3 file store's settings (INKLESS_S3_*), apart from the store itself so that reading the
// configuration does not load the AWS SDK (it is loaded only when the store is used: files/open.ts).
import { join } from "node:path";

export interface S3Config {
  /** e.g. https://s3.example.com or http://127.0.0.1:9000 (path-style addressing) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const S3_VARS = ["ENDPOINT", "BUCKET", "ACCESS_KEY_ID", "SECRET_ACCESS_KEY"] as const;

/**
 * The S3 store of INKLESS_S3_ENDPOINT, _BUCKET, _REGION (default us-east-1), _ACCESS_KEY_ID and
 * _SECRET_ACCESS_KEY: none set → undefined (the local folder); some missing or a bad endpoint → an
 * error naming them (the server refuses to start rather than write files to the wrong place).
 */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | { error: string } | undefined {
  const v = (name: string) => (env[`INKLESS_S3_${name}`] ?? "").trim();
  if (![...S3_VARS, "REGION"].some((n) => v(n))) return undefined;
  const lacking = S3_VARS.filter((n) => !v(n)).map((n) => `INKLESS_S3_${n}`);
  if (lacking.length) return { error: `the S3 file store needs ${lacking.join(", ")} too` };
  if (!/^https?:\/\/[^/\s]+/.test(v("ENDPOINT")))
    return { error: `INKLESS_S3_ENDPOINT must be an http:// or https:// address, not "${v("ENDPOINT")}"` };
  return {
    endpoint: v("ENDPOINT").replace(/\/+$/, ""),
    bucket: v("BUCKET"),
    region: v("REGION") || "us-east-1",
    accessKeyId: v("ACCESS_KEY_ID"),
    secretAccessKey: v("SECRET_ACCESS_KEY"),
  };
}

/** Where an operator finds a stored file: `s3://bucket/key` on the S3 store, else its path on disk. */
export function storedFileLocation(
  config: { dataDir: string; s3?: S3Config | { error: string } },
  key: string,
): string {
  return config.s3 && "bucket" in config.s3
    ? `s3://${config.s3.bucket}/${key}`
    : join(config.dataDir, "files", key);
}
