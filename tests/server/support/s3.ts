// A local S3-compatible server for the tests (s3rver, a dev dependency): loopback, a free port, a
// temporary folder and one bucket; no outside network.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../../src/server/files/s3Config";

export interface TestS3 {
  config: S3Config;
  /** the same server under the INKLESS_S3_* names (for a server process) */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = "inkless-test"): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), "inkless-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    config,
    env: {
      INKLESS_S3_ENDPOINT: config.endpoint,
      INKLESS_S3_BUCKET: bucket,
      INKLESS_S3_REGION: config.region,
      INKLESS_S3_ACCESS_KEY_ID: config.accessKeyId,
      INKLESS_S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
