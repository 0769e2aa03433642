// Keyboard-wedge barcode scanners (issue 27) type the code as keys and then a suffix key (Enter by
// default, Tab on some), much faster than a person. Real timing is uneven: on a busy computer a few
// keys of a burst arrive 70–140 ms apart (issue 34). So a burst is SCAN_WEDGE_MIN_CHARS or more
// printable keys, none more than SCAN_WEDGE_MAX_GAP_MS after the one before (a longer pause starts
// over), ended by the suffix within that gap, whose typical (median) gap is at most
// SCAN_WEDGE_GAP_MS: a person's keys are all slow, a scanner's mostly fast. With a prefix set (the
// scanner sends it before each code) a burst that starts with it is a scan at any speed, and the
// prefix is not part of the code. A key with Ctrl, Alt or Meta (a shortcut) or any other key (arrows,
// Backspace) breaks a burst; Shift alone does not (scanners hold it for capitals). A scanner-fast
// burst that ends without its suffix is reported by `idle` (the panel shows what arrived). Pure:
// times come from the caller.
import { SCAN_WEDGE_GAP_MS, SCAN_WEDGE_MAX_GAP_MS, SCAN_WEDGE_MIN_CHARS } from "../../model/constants";

export interface WedgeKey {
  readonly key: string;
  /** ms, e.g. KeyboardEvent.timeStamp */
  readonly time: number;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
}

/** How this workstation's scanner frames a code (the scan panel's scanner settings). */
export interface ScannerSetup {
  /** characters the scanner sends before each code ("" for none) */
  readonly prefix: string;
  /** the key it sends after each code */
  readonly suffix: "Enter" | "Tab";
}

export const DEFAULT_SCANNER: ScannerSetup = { prefix: "", suffix: "Enter" };

export type WedgeResult =
  /** a printable key: `first` when it starts a new possible burst */
  | { readonly kind: "char"; readonly first: boolean }
  /** the suffix ended a burst: the code */
  | { readonly kind: "code"; readonly code: string }
  | null;

export interface Wedge {
  key(k: WedgeKey): WedgeResult;
  /** The caller saw no key for longer than SCAN_WEDGE_MAX_GAP_MS: a scanner-fast burst that never
   * got its suffix (then forgotten), or null. */
  idle(): string | null;
  reset(): void;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)];
};

export function createWedge(
  setup: ScannerSetup = DEFAULT_SCANNER,
  gapMs = SCAN_WEDGE_GAP_MS,
  maxGapMs = SCAN_WEDGE_MAX_GAP_MS,
  minChars = SCAN_WEDGE_MIN_CHARS,
): Wedge {
  let chars: string[] = [];
  let gaps: number[] = [];
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    chars = [];
    gaps = [];
    last = Number.NEGATIVE_INFINITY;
  };
  /** the burst as a code (prefix removed), or null when it is not a scan */
  const codeOf = (extraGap: number | null): string | null => {
    const text = chars.join("");
    const all = extraGap === null ? gaps : [...gaps, extraGap];
    if (setup.prefix && text.startsWith(setup.prefix)) {
      const code = text.slice(setup.prefix.length);
      return code.length > 0 ? code : null;
    }
    if (chars.length < minChars) return null;
    return median(all) <= gapMs ? text : null;
  };
  return {
    reset,
    idle() {
      if (chars.length === 0) return null;
      const code = codeOf(null);
      reset();
      return code;
    },
    key(k) {
      if (k.ctrlKey || k.altKey || k.metaKey) {
        reset();
        return null;
      }
      if (k.key === "Shift") return null;
      const gap = k.time - last;
      const inTime = gap <= maxGapMs;
      if (k.key === setup.suffix) {
        const code = inTime ? codeOf(gap) : null;
        reset();
        return code === null ? null : { kind: "code", code };
      }
      if (k.key.length !== 1) {
        reset();
        return null;
      }
      const first = !inTime || chars.length === 0;
      if (first) {
        chars = [];
        gaps = [];
      } else gaps.push(gap);
      chars.push(k.key);
      last = k.time;
      return { kind: "char", first };
    },
  };
}
