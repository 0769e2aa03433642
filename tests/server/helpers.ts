// Test helpers: an in-process server on port 0 with a temp data dir, and a cookie-keeping client.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedEmptyDatabase } from "../../e2e/support/pgliteTemplate";
import { runAdmin } from "../../src/server/admin/commands";
import { createServer, type InklessServer } from "../../src/server/app";
import type { ServerConfig } from "../../src/server/config";
import { storedFileLocation } from "../../src/server/files/s3Config";
import { emptyDatabase, workerDatabaseName } from "./database";
// new password hashes at the tests' cheaper cost in this process (the password files opt out)
import "./support/testHashCost.mjs";

export interface Engine {
  name: "pglite" | "postgres";
  databaseUrl?: string;
}

/**
 * Each test file gets its own PostgreSQL database, emptied for it: two files run side by side (one per
 * vitest worker, VITEST_POOL_ID) and neither they, an earlier run nor another run at the same time
 * (its own main process, the workers' parent) see each other's rows.
 */
const databaseForThisFile = (serverUrl: string) =>
  emptyDatabase(serverUrl, workerDatabaseName(process.ppid, Number(process.env.VITEST_POOL_ID ?? 0)));

const serverUrl = process.env.TEST_DATABASE_URL;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (`export TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)`; npm test does it). */
export const ENGINES: Engine[] = [
  { name: "pglite" },
  ...(serverUrl ? [{ name: "postgres" as const, databaseUrl: await databaseForThisFile(serverUrl) }] : []),
];

export interface TestServer {
  app: InklessServer;
  base: string;
  dataDir: string;
  logs: string[];
  close(): Promise<void>;
}

export async function startServer(engine: Engine, extra: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "inkless-test-"));
  // a fresh embedded database starts as a copy of an empty one (PGlite's initdb in WASM was about 8 s
  // of CPU per server); the server still migrates and seeds it. Not when the test passes its own
  // folder (a restart or a restore keeps its data) or a PostgreSQL URL.
  if (!engine.databaseUrl && !extra.databaseUrl && !extra.dataDir) await seedEmptyDatabase(dataDir);
  const logs: string[] = [];
  const app = await createServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: engine.databaseUrl,
    clientDir: join(dataDir, "client"),
    log: (l) => logs.push(l),
    samplePreviews: false, // drawn by the one test that checks them (tests/server/previews.test.ts)
    industryLibrary: false, // published by the one test that lists it (tests/server/industry.test.ts)
    ...extra,
  });
  const base = await app.listen();
  return {
    app,
    base,
    dataDir,
    logs,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are inspected loosely in tests
  body: any;
}

/** A browser-like client: keeps the token cookie (and any other, in `jar`), sends the spec's headers. */
export class Client {
  cookie = "";
  /** cookies other than token, by name */
  readonly jar = new Map<string, string>();
  /** the team space the requests act in (the app's X-Inkless-Space header; "" personal) */
  space = "";
  constructor(
    readonly base: string,
    public lang = "en",
    readonly prefix = "/interface",
  ) {}

  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("language", this.lang);
    headers.set("platform", "web");
    headers.set("Version", "V2.5.3");
    if (this.space) headers.set("x-inkless-space", this.space);
    const cookies = [this.cookie, ...[...this.jar].map(([k, v]) => `${k}=${v}`)].filter(Boolean);
    if (cookies.length) headers.set("cookie", cookies.join("; "));
    const r = await fetch(this.base + path, { ...init, headers, redirect: "manual" });
    for (const c of r.headers.getSetCookie()) {
      const m = /^token=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] ? `token=${m[1]}` : "";
      const other = m ? null : /^([^=;\s]+)=([^;]*)/.exec(c);
      if (!other) continue;
      if (other[2]) this.jar.set(other[1], other[2]);
      else this.jar.delete(other[1]);
    }
    return r;
  }

  async call(path: string, body: unknown = {}): Promise<Reply> {
    const r = await this.raw(this.prefix + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: r.status, headers: r.headers, body: parsed };
  }
}

let seq = 0;
export const uniqueEmail = (tag = "u") =>
  `${tag}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Registers a fresh user and returns a logged-in client plus its userInfo. */
export async function newUser(
  base: string,
  tag = "u",
): Promise<{ client: Client; user: { userid: string; account: string }; password: string }> {
  const client = new Client(base);
  const account = uniqueEmail(tag);
  const password = "s3cret-pass";
  const r = await client.call("/api/user/register", {
    account,
    password,
    password2: password,
    nickname: `Nick ${tag}`,
    industry: "retail",
    agree: true,
  });
  if (r.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  return { client, user: r.body.data, password };
}

/** Uploads bytes through getToken + the multipart endpoint; returns the file URL. */
export async function upload(
  c: Client,
  key: string,
  data: Uint8Array | string,
  filename = "f.bin",
): Promise<Reply> {
  const tok = await c.call("/api/tem.app_shared/getToken", { bucket: "hm-inkless" });
  const form = new FormData();
  form.set("token", tok.body.data);
  form.set("key", key);
  form.set(
    "file",
    new Blob([new Uint8Array(typeof data === "string" ? new TextEncoder().encode(data) : data)]),
    filename,
  );
  const r = await c.raw(`${c.prefix}/upload`, { method: "POST", body: form });
  return { status: r.status, headers: r.headers, body: await r.json() };
}

/** Runs `npm run admin -- …` (the command table) on a test server's database; what it printed. */
export async function admin(
  s: TestServer,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runAdmin(argv, {
    db: s.app.services.db,
    fileLocation: (key) => storedFileLocation(s.app.services.config, key),
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
  });
  return { code, out, err };
}

/** A label file of 40 × 30 mm with nothing on it. */
export const EMPTY_LABEL =
  '<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>40</Width><Height>30</Height></FileInfo><ObjectList/></LabelFile>';

/** The editor's save of a new label: its file uploaded, then a 40 × 30 mm template (in `parent_id`, else the default folder). */
export async function addTemplate(
  c: Client,
  userId: string,
  name: string,
  opts: { parent_id?: string; file?: string } = {},
): Promise<{ id: string; file_web: string; parent_id: string; name: string }> {
  const key = `${userId}/tprt/t/${Math.random().toString(36).slice(2)}.tprt`;
  const up = await upload(c, key, opts.file ?? EMPTY_LABEL, "label.tprt");
  const r = await c.call("/api/tem.app_public/addUserTemplate", {
    name,
    parent_id: opts.parent_id ?? "",
    width: 40,
    height: 30,
    url: up.body.data.url,
  });
  if (r.body.code !== 200) throw new Error(`addUserTemplate: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Waits until a print API job's labels are drawn (it leaves "drawing": queued, or failed); its state. */
export async function untilDrawn(db: InklessServer["services"]["db"], jobId: string): Promise<string> {
  for (;;) {
    const [row] = await db.query<{ status: string }>("SELECT status FROM print_jobs WHERE id = $1", [jobId]);
    if (row && row.status !== "drawing") return row.status;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}
