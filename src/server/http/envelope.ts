// The response envelope of application.md §8: { code, data, msg } (+ Reason/message on errors).

import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";

/** Result codes the client understands (application.md §8). */
export const Code = {
  ok: 200,
  failed: 209, // business/validation failure: the client shows Reason
  notLoggedIn: 301, // missing or expired session: the client drops its authorisation and reloads
  unauthorized: 401, // wrong credentials or upload token: the client shows Reason
  needMember: 402, // quota reached for a non-member: the client opens the membership prompt
  forbidden: 403, // not allowed (e.g. a key outside the user's prefix)
  exists: 405, // a template with the same name exists: the client opens the overwrite dialog
  conflict: 409, // the template changed since it was opened: the client offers "save as a copy" or "overwrite"
  serverError: 500,
  notFound: 404, // unknown API path (HTTP 404 too)
  tooLarge: 413, // body over the limit (HTTP 413 too)
} as const;

/** A failure a route raises; rendered as an envelope with a translated message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly httpStatus = 200,
  ) {
    super(key);
  }
}

/** "Not found" (code 209): an id that is not one of the user's live rows; someone else's id reads
 * the same, so ids cannot be probed. */
export const itemNotFound = () => new ApiError(Code.failed, "server.error.itemNotFound");

/** The envelope code each response was answered with (read once it is sent: the audit log). */
export const answeredCodes = new WeakMap<object, number>();

export interface Envelope {
  code: number;
  data: unknown;
  msg: string;
  Reason?: string;
  message?: string;
  [extra: string]: unknown;
}

/** A `data` already serialised as JSON (UTF-8, in pieces) elsewhere (a worker thread): sent as it
 * is, piece by piece (http/pieces.ts; the pieces are emptied as they are written). */
export class RawJson {
  constructor(readonly pieces: Uint8Array[]) {}
}

export function okEnvelope(data: unknown, lang: Language, extra: Record<string, unknown> = {}): Envelope {
  return { code: Code.ok, data: data ?? null, msg: translate("server.ok", {}, lang), ...extra };
}

/** Error envelope: the same translated text under msg, Reason and message (the client reads either). */
export function errorEnvelope(code: number, text: string, data: unknown = null): Envelope {
  return { code, data, msg: text, Reason: text, message: text };
}

export function apiErrorEnvelope(e: ApiError, lang: Language): Envelope {
  return errorEnvelope(e.code, translate(e.key, e.vars, lang), e.data);
}
