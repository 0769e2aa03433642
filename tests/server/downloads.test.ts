// The print assistant's downloads: calls 29/30 answer the package for the visitor's system, the
// download centre's list carries size and SHA-256, and /downloads/ serves only what the manifest
// names, byte for byte.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageFor, systemOf } from "../../src/server/downloads";
import { Client, startServer, type TestServer } from "./helpers";

const LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";

const dir = mkdtempSync(join(tmpdir(), "inkless-downloads-"));
const files = {
  "inkless-assistant-linux-x64": Buffer.from("\x7fELF pretend executable"),
  "inkless-assistant-node.zip": Buffer.from("PK pretend zip"),
  "secret.txt": Buffer.from("not in the manifest"),
};
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const entry = (id: string, system: string, file: keyof typeof files) => ({
  id,
  system,
  file,
  size: files[file].length,
  sha256: sha(files[file]),
});
const manifest = {
  version: "9.8.7",
  built: "2026-11-25T00:00:00.000Z",
  inputs: "x",
  packages: [
    entry("linux-x64", "linux", "inkless-assistant-linux-x64"),
    entry("node", "node", "inkless-assistant-node.zip"),
  ],
};

let srv: TestServer;
let empty: TestServer;

beforeAll(async () => {
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  srv = await startServer({ name: "pglite" }, { downloadsDir: dir });
  const none = join(dir, "none");
  mkdirSync(none);
  empty = await startServer({ name: "pglite" }, { downloadsDir: none });
}, 60_000);

afterAll(async () => {
  await srv?.close();
  await empty?.close();
  rmSync(dir, { recursive: true, force: true });
});

const asBrowser = (base: string, ua: string) =>
  new (class extends Client {
    override raw(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      headers.set("user-agent", ua);
      return super.raw(path, { ...init, headers });
    }
  })(base);

describe("the visitor's system", () => {
  it("picks the Linux executable only for Linux on x86-64", () => {
    expect(systemOf(LINUX)).toBe("linux");
    for (const ua of [WINDOWS, MAC, ANDROID, ""]) expect(systemOf(ua)).toBe("node");
    const m = { version: "1", built: "", packages: manifest.packages } as Parameters<typeof packageFor>[0];
    expect(packageFor(m, LINUX)?.id).toBe("linux-x64");
    expect(packageFor(m, MAC)?.id).toBe("node");
  });
});

describe("calls 29 and 30", () => {
  for (const [path, ua, file] of [
    ["/api/upgrade.download/appSoftwareDownload", LINUX, "inkless-assistant-linux-x64"],
    ["/api/upgrade.download/appSoftwareDownload", WINDOWS, "inkless-assistant-node.zip"],
    ["/api/upgrade.firmware/singAppDownload", MAC, "inkless-assistant-node.zip"],
  ] as const) {
    it(`${path} answers ${file} for ${ua.slice(13, 30)}`, async () => {
      const r = await asBrowser(srv.base, ua).call(path, { language: "en", app_type: 1, type: 1 });
      expect(r.body.code).toBe(200);
      expect(r.body.data.url).toBe(`${srv.base}/downloads/${file}`);
      expect(r.body.data.version).toBe("9.8.7");
      const got = Buffer.from(await (await fetch(r.body.data.url)).arrayBuffer());
      expect(sha(got)).toBe(r.body.data.sha256);
    });
  }

  it("says so when nothing was built", async () => {
    const r = await new Client(empty.base).call("/api/upgrade.download/appSoftwareDownload");
    expect(r.body.code).not.toBe(200);
    expect(r.body.msg).toMatch(/not been built/);
  });
});

describe("the download centre's list and files", () => {
  it("lists every package with size, SHA-256 and URL, and the one for this system", async () => {
    const r = await asBrowser(srv.base, WINDOWS).call("/api/assistant/downloads");
    expect(r.body.data.recommended).toBe("node");
    expect(r.body.data.packages.map((p: { file: string }) => p.file)).toEqual([
      "inkless-assistant-linux-x64",
      "inkless-assistant-node.zip",
    ]);
    for (const p of r.body.data.packages) {
      const res = await fetch(p.url);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${p.file}"`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBe(p.size);
      expect(sha(body)).toBe(p.sha256);
    }
  });

  it("serves nothing the manifest does not name", async () => {
    for (const name of ["secret.txt", "manifest.json", "..%2Fsecret.txt", "none"])
      expect((await fetch(`${srv.base}/downloads/${name}`)).status).toBe(404);
  });

  it("answers an empty list when nothing was built", async () => {
    const r = await new Client(empty.base).call("/api/assistant/downloads");
    expect(r.body.data.packages).toEqual([]);
  });
});
