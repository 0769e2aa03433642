// The id of one request: a sane X-Request-Id from the proxy in front, else a new one. It is sent back
// in the response's X-Request-Id and written in the request's log line, so a user's report can be
// matched with the log.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What an incoming id may look like: 8–128 of letters, digits and `-_.:@` (a UUID, a trace id). */
const SANE = /^[A-Za-z0-9._:@-]{8,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE.test(given) ? given : randomUUID();
}
