// What a route handler receives, and how routes are declared.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { Language } from "../../model/constants";
import type { OidcClients } from "../auth/oidc";
import type { SessionCache, SessionUser } from "../auth/sessions";
import type { ServerConfig } from "../config";
import type { Db } from "../db";
import type { FileStore } from "../files/store";
import type { ImportPool } from "../import/pool";
import type { Sender } from "../mail/sender";
import type { Metrics } from "../ops/metrics";
import type { PictureThread } from "../picture/thread";
import type { IndustryLibrary } from "../seed/industryLibrary";
import type { LabelDrawer } from "../services/apiDraw";
import type { AnonBodies } from "./anonBody";
import type { Fields } from "./body";
import { ApiError, Code } from "./envelope";

export interface Services {
  config: ServerConfig;
  db: Db;
  files: FileStore;
  sender: Sender;
  sessions: SessionCache;
  imports: ImportPool;
  /** Picture-to-label recognition, off the request thread (picture/thread.ts). */
  pictures: PictureThread;
  /** OpenID Connect providers configured for signing in with another account. */
  oidc: OidcClients;
  /** Counters for GET /metrics (requests, long-polls, job runs). */
  metrics: Metrics;
  /** The large signed-out bodies being read (http/anonBody.ts). */
  anonBodies: AnonBodies;
  /** The print API's labels, drawn in the raster workers (services/apiDraw.ts). */
  labelDrawer: LabelDrawer;
  /** The industry template library, each language published when first asked for (seed/industryLibrary.ts). */
  industry: IndustryLibrary;
}

export interface Ctx extends Services {
  req: IncomingMessage;
  res: ServerResponse;
  lang: Language;
  ip: string;
  /** Absolute origin of this server as the client sees it, e.g. http://127.0.0.1:8080. */
  origin: string;
  /** Path below the API prefix, e.g. /api/user/login. */
  path: string;
  fields: Fields;
  /** The raw body (empty for upload routes, which read `req` themselves). */
  raw: Buffer;
  session: SessionUser | null;
  setCookie(cookie: string): void;
}

/** The logged-in user; routes declared with auth: true can rely on it. */
export function userOf(ctx: Ctx): SessionUser {
  if (!ctx.session) throw new ApiError(Code.notLoggedIn, "server.error.notLoggedIn");
  return ctx.session;
}

export interface RouteResult {
  data: unknown;
  /** Extra top-level envelope fields (e.g. count for lists, url for getToken). */
  extra?: Record<string, unknown>;
  /** The route wrote the whole response itself (a streamed download): no envelope follows. */
  streamed?: boolean;
}

export interface Route {
  /** Needs a session (code 301 without one). */
  auth: boolean;
  /** Read-only: may also be called with GET. Everything else is POST only, so a cross-site link
   * (SameSite=Lax sends the cookie on top-level GET navigations) can never change anything. */
  get?: boolean;
  /** "fields": JSON/query fields; "upload": the route checks its upload token first, then reads
   * (streams) `req` itself within the upload size limit (ctx.raw is empty, fields are the query's). */
  body?: "fields" | "upload";
  /** The most a signed-out request may send (default ANON_BODY_BYTES, 64 KiB; http/anonBody.ts). */
  anonBodyBytes?: number;
  handle(ctx: Ctx): Promise<RouteResult>;
}

export type Routes = Record<string, Route>;

export const ok = (data: unknown, extra?: Record<string, unknown>): RouteResult => ({ data, extra });
