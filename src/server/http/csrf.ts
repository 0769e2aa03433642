// Cross-site request forgery (docs/security.md): every state-changing request (POST) must come from
// this site and carry a body type a cross-site HTML form cannot send. A browser always sends
// `Sec-Fetch-Site` (modern) or `Origin` (all POSTs); programs (the print assistant, scripts) send
// neither and are let through: they have no victim's cookie to abuse.
import type { IncomingMessage } from "node:http";
import { ApiError, Code } from "./envelope";

/** Body types per route kind: JSON for fields; multipart, raw bytes or base64 text for uploads. */
const JSON_TYPES = new Set(["application/json"]);
const UPLOAD_TYPES = new Set(["multipart/form-data", "application/octet-stream", "text/plain"]);

const mediaType = (req: IncomingMessage) =>
  String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();

/** Refuses (403) a POST a page of another site made; `origin` is this server's own origin. */
export function checkSameSite(req: IncomingMessage, origin: string): void {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined) {
    // set by the browser, a page cannot forge it; "none" is the user typing or a bookmark
    if (site === "same-origin" || site === "none") return;
    throw crossSite();
  }
  const from = req.headers.origin;
  if (from !== undefined && from !== origin) throw crossSite();
}

/** Refuses (415) a body a cross-site form could send: text/plain, form-encoded, multipart on JSON routes. */
export function checkBodyType(req: IncomingMessage, upload: boolean): void {
  const type = mediaType(req);
  if (type === "") {
    // no type: only an empty body (fields from the query string)
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0")) return;
  } else if ((upload ? UPLOAD_TYPES : JSON_TYPES).has(type)) return;
  throw new ApiError(Code.failed, "server.error.contentType", {}, null, 415);
}

const crossSite = () => new ApiError(Code.forbidden, "server.error.crossSite", {}, null, 403);
