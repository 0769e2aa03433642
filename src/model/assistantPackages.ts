// Which print assistant package suits a computer (docs/assistant.md): the server answers calls 29/30
// and the download page's "for this computer" from the User-Agent; the page refines it in the
// browser with navigator.userAgentData (platform, and the CPU: Apple silicon or Intel, which Safari's
// User-Agent never tells). One definition for both.

export type PackageSystem = "windows" | "macos" | "linux" | "node";
export type PackageArch = "arm64" | "x64";

export interface Visitor {
  readonly system: PackageSystem;
  /** unknown when the browser does not say */
  readonly arch?: PackageArch;
}

/** The system of a User-Agent (or of userAgentData's platform name): "node" when none of ours runs there. */
export function systemOf(userAgent: string): PackageSystem {
  if (/Android|iPhone|iPad|CrOS/.test(userAgent)) return "node";
  if (/Windows/.test(userAgent)) return /ARM64|aarch64/i.test(userAgent) ? "node" : "windows";
  if (/Macintosh|Mac OS X|macOS/.test(userAgent)) return "macos";
  if (/Linux/.test(userAgent) && /(x86_64|x86-64|amd64|x64)/i.test(userAgent)) return "linux";
  return "node";
}

/** userAgentData's architecture ("arm", "x86") and bitness as our package's CPU. */
export function archOf(architecture: string | undefined): PackageArch | undefined {
  if (!architecture) return undefined;
  return /arm/i.test(architecture) ? "arm64" : /x86|x64|amd64/i.test(architecture) ? "x64" : undefined;
}

/**
 * The package id for a visitor among the ids built: the system's own package (a Mac of unknown CPU
 * gets Apple silicon's, what every Mac sold since 2021 has), else the Node zip.
 */
export function packageIdFor(ids: readonly string[], v: Visitor): string | undefined {
  const want: Record<PackageSystem, string[]> = {
    windows: ["windows-x64"],
    macos: v.arch === "x64" ? ["macos-x64"] : ["macos-arm64", "macos-x64"],
    linux: ["linux-x64"],
    node: [],
  };
  return [...want[v.system], "node"].find((id) => ids.includes(id)) ?? ids[0];
}
