// Secrets the server keeps for a user (a database source's connection settings) are sealed at rest
// with AES-256-GCM. The key is INKLESS_DATA_KEY (32 bytes, base64; set the same one on every process
// of a cluster), else a random key made once in the data folder (`data-source.key`, mode 0600). A
// sealed value opened with another key, or altered, fails the GCM check instead of giving garbage.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const VERSION = "v1";

/** The key for `dataDir`, from `fromEnv` (base64 of 32 bytes) or the key file (made when missing). */
export function dataKey(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) {
    const k = Buffer.from(fromEnv, "base64");
    if (k.length !== 32) throw new Error("INKLESS_DATA_KEY must be 32 bytes in base64");
    return k;
  }
  const file = join(dataDir, "data-source.key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // "wx": two processes starting together never overwrite each other's key
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  const k = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (k.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return k;
}

/** `v1:<base64 of iv | tag | ciphertext>`. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([c.update(text, "utf8"), c.final()]);
  return `${VERSION}:${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64")}`;
}

/** The text sealed in `sealed`; throws when the key is another or the value was altered. */
export function unseal(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(`${VERSION}:`)) throw new Error("not a sealed value");
  const raw = Buffer.from(sealed.slice(VERSION.length + 1), "base64");
  const d = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
}
