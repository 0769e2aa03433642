// How LibreOffice is run (docs/security.md, docs/docprint.md): in a network namespace of its own
// with no interface up (`unshare --net`; as a non-root user inside a user namespace,
// `unshare --map-root-user --net`), so a document's links to pictures, frames or data — on the
// internet, on this machine, on the LAN — cannot be fetched; in mount and PID namespaces of its own,
// where the server's data folder is covered by an empty tmpfs and /proc shows only the conversion
// (a document's links to local files cannot reach users' files or the server's environment); with
// an environment of its own (no secrets inherited); under `prlimit` caps on address space and output
// file size. When the namespaces cannot be made here, conversions are refused: never run without.
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { tmpdir } from "node:os";
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

const NAMESPACES = ["--net", "--mount", "--pid", "--fork", "--mount-proc"];
/** Inside the namespaces: mounts an empty tmpfs over each of the first $1 paths, then runs the rest. */
const HIDE =
  'n=$1; shift; while [ "$n" -gt 0 ]; do mount -t tmpfs -o size=64k tmpfs "$1" || exit 97; shift; n=$((n - 1)); done; exec "$@"';

/** The command that runs `command` with no network, `hide` covered, and capped resources. */
function sandboxed(unshare: string, hide: readonly string[], command: readonly string[]): string[] {
  const user = process.getuid?.() === 0 ? [] : ["--map-root-user"];
  return [
    unshare,
    ...user,
    ...NAMESPACES,
    "--",
    "sh",
    "-c",
    HIDE,
    "sh",
    String(hide.length),
    ...hide,
    "prlimit",
    `--as=${OFFICE_MEMORY_BYTES}`,
    `--fsize=${OFFICE_OUTPUT_BYTES}`,
    "--",
    ...command,
  ];
}

/** Builds the full command of one sandboxed run; `hide`: folders to cover (those that exist). */
export type Sandbox = (hide: readonly string[], command: readonly string[]) => string[];

const probes = new Map<string, Promise<Sandbox | null>>();

/**
 * The sandbox, once it has been seen to work here (it runs `true` inside it, covering the temporary
 * folder: the namespaces must be made, the tmpfs mounted and the limits set); null when it cannot,
 * and then nothing may be converted. Checked once per `unshare` program.
 */
export function isolation(): Promise<Sandbox | null> {
  const program = unshareProgram();
  let probe = probes.get(program);
  if (!probe) {
    probe = (async () => {
      const found = await findProgram(program);
      if (!found) return null;
      const sandbox: Sandbox = (hide, command) => sandboxed(found, hide, command);
      const probe = sandbox([tmpdir()], ["true"]);
      return new Promise<Sandbox | null>((resolve) => {
        execFile(probe[0], probe.slice(1), { timeout: 10_000 }, (err) => resolve(err ? null : sandbox));
      });
    })();
    probes.set(program, probe);
  }
  return probe;
}
