/** The print assistant's download packages (scripts/build-assistant.mjs). */
export const DOWNLOADS_DIR: string;
/** The packages made from an official Node runtime: nothing else to install. */
export const RUNTIME_PACKAGES: readonly {
  id: string;
  system: string;
  file: string;
  runtime: string;
  kind?: string;
}[];
/** The macOS package's double-clickable starter. */
export const MAC_STARTER: string;
/** Hash of everything the packages are made from. */
export function inputHash(): string;
/** Bundles `entry` (default: the assistant's main module) into `out` as the download carries it. */
export function bundle(out: string, entry?: string): Promise<void>;
/** Builds what is missing or stale; returns the manifest. */
export function buildAssistant(opts?: { force?: boolean }): Promise<{
  version: string;
  /** the Node version the packaged runtimes carry */
  node: string;
  inputs: string;
  tools: string;
  built: string;
  packages: { id: string; system: string; file: string; size: number; sha256: string }[];
}>;
