// Pairing a web app with the assistant: the assistant shows a short code (in its window), the user
// types it once in the app; the page's origin is then trusted and kept in the settings file. A code
// is single-use, and after MAX_PAIR_FAILURES wrong guesses a new one is drawn (and shown), so
// guessing a 6-digit code from another site is hopeless (docs/security.md).
import { randomInt } from "node:crypto";

export const PAIR_CODE_DIGITS = 6;
export const MAX_PAIR_FAILURES = 5;

export class Pairing {
  private current = "";
  private failures = 0;

  constructor(
    /** told every new code (the assistant prints it) */
    private readonly show: (code: string) => void = () => undefined,
  ) {
    this.renew();
  }

  get code(): string {
    return this.current;
  }

  private renew(): void {
    this.current = String(randomInt(0, 10 ** PAIR_CODE_DIGITS)).padStart(PAIR_CODE_DIGITS, "0");
    this.failures = 0;
    this.show(this.current);
  }

  /** True when `typed` is the code shown (which is then used up); wrong guesses wear it out. */
  attempt(typed: unknown): boolean {
    const code = typeof typed === "string" ? typed.replace(/\s+/g, "") : "";
    if (code.length === PAIR_CODE_DIGITS && code === this.current) {
      this.renew();
      return true;
    }
    this.failures++;
    if (this.failures >= MAX_PAIR_FAILURES) this.renew();
    return false;
  }
}
