// The pairing code's format, shared by the assistant (which draws and checks it) and the web app's
// pairing form (which formats what the user types). No Node modules here: the browser imports it.

/** 31 symbols without the look-alikes 0/O, 1/I/L: read off a terminal and typed without doubt. */
export const PAIR_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** 31^8 ≈ 8.5 × 10^11 codes; with at most MAX_WRONG_GUESSES guesses per lock-out, a guesser's
 * chance is about 1 in 85 billion (docs/security.md). */
export const PAIR_CODE_LENGTH = 8;

/** What the user typed as a code: spaces and dashes dropped, upper case ("abcd-efgh" → "ABCDEFGH"). */
export function normalPairCode(typed: unknown): string {
  return typeof typed === "string"
    ? typed
        .replace(/[\s-]+/g, "")
        .toUpperCase()
        .slice(0, 64)
    : "";
}

/** The code as shown: two groups of four ("ABCDEFGH" → "ABCD-EFGH"); a partial code as far as it goes. */
export function formatPairCode(code: string): string {
  const c = normalPairCode(code);
  return c.length > 4 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** What the app's code field shows for what was typed or pasted: its letters and digits in upper
 * case, at most a code's length, formatted (" abcd-efgh " → "ABCD-EFGH"). */
export function typedPairCode(raw: string): string {
  return formatPairCode(
    raw
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "")
      .slice(0, PAIR_CODE_LENGTH),
  );
}
