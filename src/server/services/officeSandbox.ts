// How LibreOffice is run (docs/security.md, docs/docprint.md): in a network namespace of its own
// with no interface up (`unshare --net`; as a non-root user inside a user namespace,
// `unshare --map-root-user --net`), so a document's links to pictures, frames or data — on the
// internet, on this machine, on the LAN — cannot be fetched; under `prlimit` caps on address space
// and output file size. When the namespace cannot be made here, conversions are refused: never run
// without it.
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { delimiter, join } from "node:path";

/** Address space of one conversion (LibreOffice reserves ~1 GiB of it at start). */
export const OFFICE_MEMORY_BYTES = 2 * 1024 ** 3;
/** The largest file one conversion may write (the PDF). */
export const OFFICE_OUTPUT_BYTES = 256 * 1024 ** 2;

/** The `unshare` program: INKLESS_UNSHARE, else `unshare` on PATH. */
const unshareProgram = () => process.env.INKLESS_UNSHARE || "unshare";

/** The program's path when it can be run (a path, or a name looked up on PATH), else null. */
export async function findProgram(name: string): Promise<string | null> {
  const candidates = name.includes("/")
    ? [name]
    : (process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, name));
  for (const c of candidates) {
    try {
      await access(c, constants.X_OK);
      return c;
    } catch {}
  }
  return null;
}

/** The command prefix that runs a program with no network and capped resources. */
function prefixFor(unshare: string): string[] {
  const namespace = process.getuid?.() === 0 ? ["--net"] : ["--map-root-user", "--net"];
  return [
    unshare,
    ...namespace,
    "--",
    "prlimit",
    `--as=${OFFICE_MEMORY_BYTES}`,
    `--fsize=${OFFICE_OUTPUT_BYTES}`,
    "--",
  ];
}

const probes = new Map<string, Promise<string[] | null>>();

/**
 * The prefix, once it has been seen to work here (it runs `true` inside it: the namespace must be
 * made and the limits set); null when it cannot, and then nothing may be converted. Checked once per
 * `unshare` program.
 */
export function isolation(): Promise<string[] | null> {
  const program = unshareProgram();
  let probe = probes.get(program);
  if (!probe) {
    probe = (async () => {
      const found = await findProgram(program);
      if (!found) return null;
      const prefix = prefixFor(found);
      return new Promise<string[] | null>((resolve) => {
        execFile(prefix[0], [...prefix.slice(1), "true"], { timeout: 10_000 }, (err) =>
          resolve(err ? null : prefix),
        );
      });
    })();
    probes.set(program, probe);
  }
  return probe;
}
