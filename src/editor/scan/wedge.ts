// Keyboard-wedge barcode scanners (issue 27) type the code as keys and then Enter, much faster than
// a person: a burst is SCAN_WEDGE_MIN_CHARS or more printable keys, each at most SCAN_WEDGE_GAP_MS
// after the one before, ended by Enter within the same gap. Slower keys are typing and start over;
// a key with Ctrl, Alt or Meta (a shortcut) or any other key (Tab, arrows, Backspace) breaks a
// burst. Shift alone does not (scanners hold it for capitals). Pure: times come from the caller.
import { SCAN_WEDGE_GAP_MS, SCAN_WEDGE_MIN_CHARS } from "../../model/constants";

export interface WedgeKey {
  readonly key: string;
  /** ms, e.g. KeyboardEvent.timeStamp */
  readonly time: number;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
}

export type WedgeResult =
  /** a printable key: `first` when it starts a new possible burst */
  | { readonly kind: "char"; readonly first: boolean }
  /** Enter ended a burst: the code */
  | { readonly kind: "code"; readonly code: string }
  | null;

export interface Wedge {
  key(k: WedgeKey): WedgeResult;
  reset(): void;
}

export function createWedge(gapMs = SCAN_WEDGE_GAP_MS, minChars = SCAN_WEDGE_MIN_CHARS): Wedge {
  let chars: string[] = [];
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    chars = [];
    last = Number.NEGATIVE_INFINITY;
  };
  return {
    reset,
    key(k) {
      if (k.ctrlKey || k.altKey || k.metaKey) {
        reset();
        return null;
      }
      if (k.key === "Shift") return null;
      const inTime = k.time - last <= gapMs;
      if (k.key === "Enter") {
        const code = inTime && chars.length >= minChars ? chars.join("") : null;
        reset();
        return code === null ? null : { kind: "code", code };
      }
      if (k.key.length !== 1) {
        reset();
        return null;
      }
      const first = !inTime || chars.length === 0;
      if (first) chars = [];
      chars.push(k.key);
      last = k.time;
      return { kind: "char", first };
    },
  };
}
