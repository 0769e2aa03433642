// How much a signed-out request may send (issue 33): login, register, password reset and feedback
// are open to anyone, so a crowd of slow senders must not make the server hold megabytes each.
// Every signed-out body is capped small before a byte is read; a route that needs more signed out
// (feedback with a screenshot) says so, and only a few such bodies are read at once server-wide.
import type { IncomingMessage } from "node:http";
import { tooLarge } from "./body";
import { ApiError, Code } from "./envelope";

/** The default cap of a signed-out request's body. */
export const ANON_BODY_BYTES = 64 * 1024;
/** Signed-out bodies over ANON_BODY_BYTES read at the same time, in the whole process. */
export const ANON_LARGE_SLOTS = 4;

/** Counts the large signed-out bodies being read (one per server). */
export class AnonBodies {
  private reading = 0;

  /**
   * The byte limit for this request's body and, when it is a large signed-out one, a slot taken for
   * it (call the returned release when read). Refuses at once: over the cap (413), or no slot (busy).
   */
  admit(
    req: IncomingMessage,
    signedIn: boolean,
    limit: number,
    anonLimit = ANON_BODY_BYTES,
  ): { limit: number; release(): void } {
    const none = { limit, release() {} };
    if (signedIn) return none;
    const cap = Math.min(limit, anonLimit);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > cap) throw tooLarge(cap);
    const large = cap > ANON_BODY_BYTES && !(Number.isFinite(declared) && declared <= ANON_BODY_BYTES);
    if (!large) return { limit: cap, release() {} };
    if (this.reading >= ANON_LARGE_SLOTS) throw new ApiError(Code.failed, "server.error.busy", {}, null, 503);
    this.reading++;
    let done = false;
    return {
      limit: cap,
      release: () => {
        if (!done) this.reading--;
        done = true;
      },
    };
  }
}
