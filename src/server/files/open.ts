// The configured file store: an S3-compatible one when INKLESS_S3_* is set, else the data folder's
// files/ (which also removes the .part files an interrupted write left there).
import { join } from "node:path";
import type { ServerConfig } from "../config";
import { LocalFileStore } from "./local";
import type { FileStore } from "./store";

export async function openFileStore(
  config: Pick<ServerConfig, "s3" | "dataDir" | "log">,
  { cleanUp = false } = {},
): Promise<FileStore> {
  if (config.s3 && "error" in config.s3) throw new Error(config.s3.error);
  // the AWS SDK is loaded only by an instance that uses it
  if (config.s3) return new (await import("./s3")).S3FileStore(config.s3);
  const local = new LocalFileStore(join(config.dataDir, "files"));
  if (cleanUp) {
    const leftovers = await local.removeLeftovers();
    if (leftovers) config.log(`[inkless] removed ${leftovers} unfinished upload(s) (.part files)`);
  }
  return local;
}
