// File storage behind one interface: the local folder implements it; an S3-compatible store can too.

export interface StoredFile {
  key: string;
  size: number;
}

/** A stored file opened for streaming (GET /files/). */
export interface OpenedFile {
  size: number;
  mtime: Date;
  /** bytes start..end inclusive (a Range request) or the whole file */
  stream(start?: number, end?: number): NodeJS.ReadableStream;
}

export interface FileStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** Writes the chunks as they come (an upload), refusing more than `maxBytes` (the file is then
   * not stored and FileTooLarge is thrown); returns the size. */
  putStream(
    key: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    maxBytes: number,
  ): Promise<number>;
  /** The file for streaming, or null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; true when it existed. */
  delete(key: string): Promise<boolean>;
  /** Files whose key starts with `prefix` (a folder, ending in "/"). */
  list(prefix: string): Promise<StoredFile[]>;
  /** Throws when the store cannot be reached or written (GET /healthz). */
  check(): Promise<void>;
}

export class FileTooLarge extends Error {}

/** Characters a key segment may not hold: controls, separators, and what breaks a raw URL (? # %). */
const FORBIDDEN = /[\p{Cc}\p{Cf}/\\?#%"<>|*:]/u;

/**
 * Checks a storage key: relative, "/"-separated, no empty/"."/".." segments, no backslashes, control
 * characters or `? # % " < > | * :`, no segment starting or ending with a space, at most 512
 * characters. Returns the key or null.
 */
export function validKey(key: unknown): string | null {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) return null;
  if (key.startsWith("/") || key.includes("\\") || key.includes("\0")) return null;
  const parts = key.split("/");
  for (const p of parts) {
    if (p === "" || p === "." || p === ".." || FORBIDDEN.test(p) || p.trim() !== p) return null;
  }
  return key;
}

/** True when `key` is valid and lies inside the user's own prefix `<userId>/`. */
export function ownsKey(userId: string, key: string): boolean {
  return validKey(key) !== null && key.startsWith(`${userId}/`);
}
