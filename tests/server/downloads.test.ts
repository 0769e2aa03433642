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
  "inkless-assistant-windows-x64.exe": Buffer.from("MZ pretend executable"),
  "inkless-assistant-macos-arm64.zip": Buffer.from("PK pretend mac zip (arm64)"),
  "inkless-assistant-macos-x64.zip": Buffer.from("PK pretend mac zip (x64)"),
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
    entry("windows-x64", "windows", "inkless-assistant-windows-x64.exe"),
    entry("macos-arm64", "macos", "inkless-assistant-macos-arm64.zip"),
    entry("macos-x64", "macos", "inkless-assistant-macos-x64.zip"),
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
}, 180_000);

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

const WINDOWS_ARM = "Mozilla/5.0 (Windows NT 10.0; ARM64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148";

describe("the visitor's system", () => {
  it("picks each system's own package, the Node zip elsewhere", () => {
    expect([LINUX, WINDOWS, MAC].map(systemOf)).toEqual(["linux", "windows", "macos"]);
    for (const ua of [ANDROID, IPAD, WINDOWS_ARM, ""]) expect(systemOf(ua)).toBe("node");
    // what navigator.userAgentData says, put before the User-Agent by the page
    expect(systemOf(`macOS ${MAC}`)).toBe("macos");
    expect(systemOf(`Android ${ANDROID}`)).toBe("node");
    const m = { version: "1", built: "", packages: manifest.packages } as Parameters<typeof packageFor>[0];
    expect(packageFor(m, LINUX)?.id).toBe("linux-x64");
    expect(packageFor(m, WINDOWS)?.id).toBe("windows-x64");
    // a Mac of unknown CPU gets Apple silicon's; the Sec-CH-UA-Arch hint tells an Intel one
    expect(packageFor(m, MAC)?.id).toBe("macos-arm64");
    expect(packageFor(m, MAC, '"x86"')?.id).toBe("macos-x64");
    expect(packageFor(m, MAC, '"arm"')?.id).toBe("macos-arm64");
    expect(packageFor(m, ANDROID)?.id).toBe("node");
    // a server that could not build the Windows executable offers the Node zip
    const noWindows = { ...m, packages: m.packages.filter((p) => p.system !== "windows") };
    expect(packageFor(noWindows, WINDOWS)?.id).toBe("node");
  });
});

describe("calls 29 and 30", () => {
  for (const [path, ua, file] of [
    ["/api/upgrade.download/appSoftwareDownload", LINUX, "inkless-assistant-linux-x64"],
    ["/api/upgrade.download/appSoftwareDownload", WINDOWS, "inkless-assistant-windows-x64.exe"],
    ["/api/upgrade.firmware/singAppDownload", MAC, "inkless-assistant-macos-arm64.zip"],
    ["/api/upgrade.firmware/singAppDownload", ANDROID, "inkless-assistant-node.zip"],
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
    expect(r.body.data.recommended).toBe("windows-x64");
    expect(r.body.data.packages.map((p: { file: string; system: string }) => [p.file, p.system])).toEqual([
      ["inkless-assistant-linux-x64", "linux"],
      ["inkless-assistant-windows-x64.exe", "windows"],
      ["inkless-assistant-macos-arm64.zip", "macos"],
      ["inkless-assistant-macos-x64.zip", "macos"],
      ["inkless-assistant-node.zip", "node"],
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
