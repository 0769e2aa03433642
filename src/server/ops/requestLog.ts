// One request's trace: its id (X-Request-Id, sent back at once), the route pattern and user the
// handlers fill in, and at the end one JSON log line and the metrics of the request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Services } from "../http/context";
import { requestIdOf } from "./requestId";

export interface RequestTrace {
  readonly id: string;
  /** The route pattern ("/api/user/login", "/files/*"); "unmatched" when nothing served it. */
  route: string;
  /** The signed-in user's id, when there is one. */
  user?: string;
}

/** Status recorded for a request whose client went away before the answer was complete. */
export const CLIENT_CLOSED = 499;

/** The log line of one request (docs/deploy.md "Logs"). */
export function requestLine(
  t: RequestTrace,
  method: string,
  status: number,
  ms: number,
  now = new Date(),
): string {
  return JSON.stringify({
    time: now.toISOString(),
    level: status >= 500 ? "error" : "info",
    id: t.id,
    method,
    route: t.route,
    status,
    ms: Math.round(ms * 10) / 10,
    ...(t.user ? { user: t.user } : {}),
  });
}

export function traceRequest(s: Services, req: IncomingMessage, res: ServerResponse): RequestTrace {
  const trace: RequestTrace = { id: requestIdOf(req), route: "unmatched" };
  const start = performance.now();
  res.setHeader("X-Request-Id", trace.id);
  res.once("close", () => {
    const ms = performance.now() - start;
    const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
    const method = req.method ?? "GET";
    s.metrics.request(method, trace.route, status, ms / 1000);
    if (s.config.requestLog) s.config.log(requestLine(trace, method, status, ms));
  });
  return trace;
}
