// Stand-in `lpstat` and `lp` programs put first on PATH: lpstat -e lists the given queues, lp appends
// its arguments to <spool>/args and copies every PNG it was given into <spool>.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakeCups {
  readonly spool: string;
  restore(): void;
}

export function installFakeCups(queues: readonly string[]): FakeCups {
  const dir = mkdtempSync(join(tmpdir(), "inkless-cups-"));
  const bin = join(dir, "bin");
  const spool = join(dir, "spool");
  mkdirSync(bin);
  mkdirSync(spool);
  const list = queues.map((q) => `${q}\\n`).join("");
  writeFileSync(join(bin, "lpstat"), `#!/bin/sh\nif [ "$1" = "-e" ]; then printf "${list}"; fi\n`);
  writeFileSync(
    join(bin, "lp"),
    `#!/bin/sh\necho "$@" >> "${spool}/args"\nfor a in "$@"; do case "$a" in *.png) cp "$a" "${spool}/";; esac; done\n`,
  );
  chmodSync(join(bin, "lpstat"), 0o755);
  chmodSync(join(bin, "lp"), 0o755);
  const path0 = process.env.PATH;
  process.env.PATH = `${bin}:${path0}`;
  return {
    spool,
    restore() {
      process.env.PATH = path0;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Width and height from a PNG's IHDR. */
export const pngDims = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];
