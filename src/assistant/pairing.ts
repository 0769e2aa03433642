// Pairing a web app with the assistant: the assistant shows a code (in its terminal), the user types
// it once in the app, the person at the assistant confirms (server.ts); the page's origin is then
// trusted and kept in the settings file. Guessing from a foreign page (docs/security.md):
// - the code is long (PAIR_CODE_LENGTH symbols of PAIR_CODE_ALPHABET), single-use, and lives
//   PAIR_CODE_TTL_MS (then a new one is drawn and shown);
// - each origin waits longer after each of its wrong codes (PAIR_BACKOFF_MS doubling), and after any
//   wrong code nobody may try for PAIR_GAP_MS: a refused try ("wait") is not a guess;
// - after MAX_WRONG_GUESSES wrong codes in total pairing is locked: no code is accepted until the
//   person at the assistant lifts it (unlock(): Enter in its terminal, or a restart).
import { randomInt } from "node:crypto";
import { normalPairCode, PAIR_CODE_ALPHABET, PAIR_CODE_LENGTH } from "../print/protocol/pairCode";

export const PAIR_CODE_TTL_MS = 5 * 60_000;
export const MAX_WRONG_GUESSES = 10;
/** An origin's first wrong code makes it wait this long; each further one doubles the wait. */
export const PAIR_BACKOFF_MS = 2_000;
export const PAIR_BACKOFF_MAX_MS = 10 * 60_000;
/** After any wrong code, from any origin, nobody may try again for this long. */
export const PAIR_GAP_MS = 1_000;

export type PairCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "wrong" | "locked" }
  | { readonly ok: false; readonly reason: "wait"; readonly retryAfterMs: number };

export interface PairingOptions {
  /** told every new code and when it expires (the assistant prints it) */
  readonly show?: (code: string, expiresAt: number) => void;
  /** told when too many wrong codes locked pairing */
  readonly locked?: () => void;
  /** the clock (tests simulate hours with it) */
  readonly now?: () => number;
}

function drawCode(): string {
  let s = "";
  for (let i = 0; i < PAIR_CODE_LENGTH; i++) s += PAIR_CODE_ALPHABET[randomInt(PAIR_CODE_ALPHABET.length)];
  return s;
}

export class Pairing {
  private current = "";
  private expiresAt = 0;
  private wrong = 0;
  private lockedOut = false;
  /** per origin: its wrong codes and when it may try again */
  private readonly origins = new Map<string, { wrong: number; next: number }>();
  private nextAny = 0;
  private readonly now: () => number;

  constructor(private readonly opts: PairingOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.renew();
  }

  /** The code shown now ("" while locked); an expired one is replaced (and the new one shown). */
  get code(): string {
    this.expire();
    return this.current;
  }

  get locked(): boolean {
    return this.lockedOut;
  }

  /** Draws and shows a new code when the current one has expired (the server calls it now and then). */
  expire(): void {
    if (!this.lockedOut && this.now() >= this.expiresAt) this.renew();
  }

  private renew(): void {
    this.current = drawCode();
    this.expiresAt = this.now() + PAIR_CODE_TTL_MS;
    this.opts.show?.(this.current, this.expiresAt);
  }

  /** Checks a code typed on a page of `origin`; the right one is used up (a new one is shown). */
  check(origin: string, typed: unknown): PairCheck {
    if (this.lockedOut) return { ok: false, reason: "locked" };
    this.expire();
    const now = this.now();
    const mine = this.origins.get(origin) ?? { wrong: 0, next: 0 };
    const wait = Math.max(mine.next, this.nextAny) - now;
    if (wait > 0) return { ok: false, reason: "wait", retryAfterMs: wait };
    if (normalPairCode(typed) === this.current) {
      this.origins.delete(origin);
      this.renew();
      return { ok: true };
    }
    mine.wrong++;
    mine.next = now + Math.min(PAIR_BACKOFF_MS * 2 ** (mine.wrong - 1), PAIR_BACKOFF_MAX_MS);
    this.origins.set(origin, mine);
    this.nextAny = now + PAIR_GAP_MS;
    if (++this.wrong >= MAX_WRONG_GUESSES) {
      this.lockedOut = true;
      this.current = "";
      this.opts.locked?.();
      return { ok: false, reason: "locked" };
    }
    return { ok: false, reason: "wrong" };
  }

  /** The person at the assistant lifts a lock-out: counts forgotten, a new code drawn and shown. */
  unlock(): void {
    this.lockedOut = false;
    this.wrong = 0;
    this.origins.clear();
    this.nextAny = 0;
    this.renew();
  }
}
