// This workstation's scanner setup (prefix and suffix, src/editor/scan/wedge.ts), kept in this
// browser: it belongs to the scanner plugged in here, not to a label.
import { readPref, writePref } from "../prefs";
import { DEFAULT_SCANNER, type ScannerSetup } from "./wedge";

export const SCANNER_KEY = "inkless.scanner";
/** A prefix longer than this is not a scanner's. */
export const SCANNER_PREFIX_MAX = 8;

/** The stored setup; anything unreadable gives the default (Enter, no prefix). */
export function readScanner(raw: string | null = readPref(SCANNER_KEY)): ScannerSetup {
  try {
    const v = JSON.parse(raw ?? "null") as Partial<ScannerSetup> | null;
    return {
      prefix: typeof v?.prefix === "string" ? v.prefix.slice(0, SCANNER_PREFIX_MAX) : "",
      suffix: v?.suffix === "Tab" ? "Tab" : "Enter",
    };
  } catch {
    return DEFAULT_SCANNER;
  }
}

export const writeScanner = (s: ScannerSetup) =>
  writePref(SCANNER_KEY, JSON.stringify({ prefix: s.prefix.slice(0, SCANNER_PREFIX_MAX), suffix: s.suffix }));
