// Server configuration from the environment (documented in docs/server.md).
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { DEFAULT_IMAGE_SIZE_KB } from "../image/upload";
import { type OidcProviderConfig, parseOidcProviders } from "./auth/oidcConfig";
import { type S3Config, s3FromEnv } from "./files/s3Config";
import type { HostLookup } from "./webhooks/url";

export interface SmtpConfig {
  url: string; // smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465
  from: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent, embedded PGlite in `${dataDir}/db`. */
  databaseUrl?: string;
  /** Folder holding the built app (`index.html` and `assets/`), served under /label/. */
  clientDir: string;
  /** Folder holding the print assistant's download packages and their manifest.json (served
   * under /downloads/; built by scripts/build-assistant.mjs). */
  downloadsDir: string;
  /** Folder holding `fonts/fonts.json` (read at request time for getNewFontList). */
  publicDir: string;
  /** Templates a non-member may keep before add answers 402. */
  templateQuota: number;
  /** Member build variant: the table element is for members only (getMemberUser lists it in member_only). */
  memberTable: boolean;
  /** Member build variant: variable templates (spreadsheet columns, sequences) are for members only
   * (INKLESS_MEMBER_VARIABLE=1; getMemberUser lists "variable" in member_only). */
  memberVariable: boolean;
  /** Accounts (lower-case) the operator makes members without touching the database (INKLESS_MEMBERS). */
  memberAccounts: ReadonlySet<string>;
  /** Membership is sold and enforced (INKLESS_MEMBERSHIP=off: every feature open to everyone, no prices). */
  membership: boolean;
  /** The payment provider ("sandbox": this server's own checkout page; "stripe": Stripe Checkout;
   * "" : payments off). Unset with the Stripe settings given, Stripe. */
  payments: string;
  /** Stripe (docs/payments.md): the secret API key, the webhook endpoint's signing secret, and an API
   * address to use instead of Stripe's (tests' local stand-in). Both secrets, or undefined. */
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  /** Seats a new team comes with (INKLESS_TEAM_SEATS); more are bought (services/seats.ts). */
  teamSeats: number;
  /** Cloud data a free user may keep (MB), and a member (MB); space packages add to it. */
  freeSpaceMb: number;
  memberSpaceMb: number;
  /** A payment order is open this long (ms) before it expires. */
  orderTtlMs: number;
  /** Largest JSON/form body accepted, in bytes. */
  maxJsonBytes: number;
  /** Largest upload (multipart or base64 picture), in bytes. */
  maxUploadBytes: number;
  /** A request (headers and body) must arrive within this many ms, its headers within a sixth of
   * it (at most 10 s): slow senders are cut off (408) instead of holding a connection. */
  requestTimeoutMs: number;
  /** Spreadsheet import worker threads, waiting imports, time limit (ms; of the worker's CPU time on
   * Linux, import/threadCpu.ts) and heap limit (MB) per file. */
  importWorkers: number;
  importQueue: number;
  importTimeoutMs: number;
  importMemoryMb: number;
  /** Live spreadsheet sources (server-side fetch of a user's http(s) address, net/liveFetch.ts):
   * largest file (bytes), time limit (ms), and the private ranges the operator allows
   * (INKLESS_LIVE_DATA_ALLOW, comma-separated IPs or CIDRs; empty by default: docs/security.md). */
  liveFetchMaxBytes: number;
  liveFetchTimeoutMs: number;
  liveDataAllow: string;
  /** Database query sources: the key that seals their connection settings (INKLESS_DATA_KEY, base64
   * of 32 bytes; else a key file in the data folder), a query's time limit (ms) and row cap. */
  dataKey?: string;
  dbQueryTimeoutMs: number;
  dbQueryMaxRows: number;
  /** Let the app's ?inspect=stately send the editor's state to stately.ai (INKLESS_STATELY_INSPECTOR=1). */
  statelyInspector: boolean;
  /** How often expired sessions, codes, upload tokens and attempt counters are deleted (ms). */
  purgeEveryMs: number;
  /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind your own proxy). */
  trustProxy: boolean;
  /** Absolute base URL of the server, e.g. https://labels.example.com; derived from Host when absent. */
  publicUrl?: string;
  /** How long a session lookup is reused in-process (ms); 0 disables the cache. */
  sessionCacheMs: number;
  /** Draw SVG previews of the sample labels at start (INKLESS_SAMPLE_PREVIEWS=0 turns it off). */
  samplePreviews: boolean;
  /** Largest image upload the app offers, KB (INKLESS_IMAGE_SIZE_KB; configuration.image_size). */
  imageSizeKb: number;
  /** Publish the industry template library with its covers at start (INKLESS_INDUSTRY_LIBRARY=0: off). */
  industryLibrary: boolean;
  smtp?: SmtpConfig;
  /** Files in an S3-compatible store (INKLESS_S3_*) instead of `${dataDir}/files`; an error string
   * when the variables are incomplete (the server then refuses to start). */
  s3?: S3Config | { error: string };
  /** OpenID Connect providers users may sign in with (INKLESS_OIDC_*; auth/oidcConfig.ts). */
  oidcProviders: OidcProviderConfig[];
  /** Providers left out for a bad setting (logged at start). */
  oidcErrors: string[];
  /** Picture-to-label generations a day: free users and members (INKLESS_AI_TRIALS, INKLESS_AI_TRIALS_MEMBER). */
  aiTrials: number;
  aiTrialsMember: number;
  /** The operator's e-mail address: each feedback is mailed there (INKLESS_FEEDBACK_TO). */
  feedbackTo?: string;
  /** Bearer token that GET /metrics requires (INKLESS_METRICS_TOKEN); without it, loopback only. */
  metricsToken?: string;
  /** Write one JSON line per request to the log (INKLESS_REQUEST_LOG=0 turns it off). */
  requestLog: boolean;
  /** For tests only: host:port pairs a webhook may reach over plain http and without the public
   * address check (INKLESS_WEBHOOK_TEST_HOSTS, comma-separated; docs/security.md "Webhooks"). */
  webhookTestHosts: string[];
  /** The wait before a failed webhook delivery's first retry, ms; each next wait is 4 times longer
   * (INKLESS_WEBHOOK_RETRY_MS, default 10 s). */
  webhookRetryMs: number;
  /** For tests only: the host name lookup of webhooks (their DNS: a name that changes its address
   * between the save and a delivery); node:dns's lookup when absent. */
  webhookResolve?: HostLookup;
  /** Log requests and verification codes to stdout. */
  log: (line: string) => void;
}

function int(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && v !== "" && Number.isFinite(n) ? Math.trunc(n) : dflt;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.INKLESS_DATA || "./data");
  const oidc = parseOidcProviders(env);
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE || undefined,
        }
      : undefined;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: resolve(env.INKLESS_CLIENT_DIR || "dist/client"),
    publicDir: resolve(env.INKLESS_PUBLIC_DIR || "public"),
    downloadsDir: resolve(env.INKLESS_DOWNLOADS_DIR || "dist/downloads"),
    templateQuota: int(env.INKLESS_TEMPLATE_QUOTA, 200),
    memberTable: env.INKLESS_MEMBER_TABLE === "1",
    memberVariable: env.INKLESS_MEMBER_VARIABLE === "1",
    memberAccounts: new Set(
      (env.INKLESS_MEMBERS ?? "")
        .split(",")
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
    membership: env.INKLESS_MEMBERSHIP !== "off",
    payments: (env.INKLESS_PAYMENTS ?? (stripe ? "stripe" : "")).trim().toLowerCase(),
    stripe,
    teamSeats: Math.max(1, int(env.INKLESS_TEAM_SEATS, 5)),
    orderTtlMs: int(env.INKLESS_ORDER_TTL_MS, 15 * 60_000),
    freeSpaceMb: int(env.INKLESS_FREE_SPACE_MB, 500),
    memberSpaceMb: int(env.INKLESS_MEMBER_SPACE_MB, 5 * 1024),
    maxJsonBytes: int(env.INKLESS_MAX_JSON_BYTES, 5 * 1024 * 1024),
    maxUploadBytes: int(env.INKLESS_MAX_UPLOAD_BYTES, 20 * 1024 * 1024),
    requestTimeoutMs: int(env.INKLESS_REQUEST_TIMEOUT_MS, 60_000),
    importWorkers: int(env.INKLESS_IMPORT_WORKERS, Math.max(1, Math.min(2, availableParallelism() - 1))),
    importQueue: int(env.INKLESS_IMPORT_QUEUE, 16),
    importTimeoutMs: int(env.INKLESS_IMPORT_TIMEOUT_MS, 30_000),
    importMemoryMb: int(env.INKLESS_IMPORT_MEMORY_MB, 1024),
    liveFetchMaxBytes: int(env.INKLESS_LIVE_FETCH_MAX_BYTES, 20 * 1024 * 1024),
    liveFetchTimeoutMs: int(env.INKLESS_LIVE_FETCH_TIMEOUT_MS, 20_000),
    liveDataAllow: env.INKLESS_LIVE_DATA_ALLOW ?? "",
    dataKey: env.INKLESS_DATA_KEY || undefined,
    dbQueryTimeoutMs: int(env.INKLESS_DB_QUERY_TIMEOUT_MS, 15_000),
    dbQueryMaxRows: int(env.INKLESS_DB_QUERY_MAX_ROWS, 100_000),
    statelyInspector: env.INKLESS_STATELY_INSPECTOR === "1",
    purgeEveryMs: int(env.INKLESS_PURGE_EVERY_MS, 10 * 60_000),
    trustProxy: env.INKLESS_TRUST_PROXY === "1",
    publicUrl: env.INKLESS_PUBLIC_URL?.replace(/\/+$/, "") || undefined,
    sessionCacheMs: int(env.INKLESS_SESSION_CACHE_MS, 2000),
    samplePreviews: env.INKLESS_SAMPLE_PREVIEWS !== "0",
    industryLibrary: env.INKLESS_INDUSTRY_LIBRARY !== "0",
    imageSizeKb: Math.max(1, int(env.INKLESS_IMAGE_SIZE_KB, DEFAULT_IMAGE_SIZE_KB)),
    smtp: env.INKLESS_SMTP_URL
      ? { url: env.INKLESS_SMTP_URL, from: env.INKLESS_SMTP_FROM || "Inkless <no-reply@localhost>" }
      : undefined,
    s3: s3FromEnv(env),
    oidcProviders: oidc.providers,
    oidcErrors: oidc.errors,
    feedbackTo: env.INKLESS_FEEDBACK_TO?.trim() || undefined,
    aiTrials: Math.max(0, int(env.INKLESS_AI_TRIALS, 3)),
    aiTrialsMember: Math.max(0, int(env.INKLESS_AI_TRIALS_MEMBER, 20)),
    metricsToken: env.INKLESS_METRICS_TOKEN || undefined,
    requestLog: env.INKLESS_REQUEST_LOG !== "0",
    webhookTestHosts: (env.INKLESS_WEBHOOK_TEST_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
    webhookRetryMs: Math.max(10, int(env.INKLESS_WEBHOOK_RETRY_MS, 10_000)),
    log: (line) => console.log(line),
  };
}

/** Fills in defaults for a partial config (used by tests that start the server in-process). */
export function withDefaults(partial: Partial<ServerConfig>): ServerConfig {
  return { ...configFromEnv({}), ...partial };
}
