// A file replaced whole or not at all: written to a temporary file, flushed to the disk, then
// renamed over the old one (a crash leaves either the old or the new content, never half).
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";

export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
