// The built app's files are sent precompressed (issue 41): brotli or gzip by Accept-Encoding, with
// Content-Encoding and Vary, from the variants scripts/precompress.mjs writes at build time.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress.mjs";
import { acceptedEncodings, serveClient } from "../../src/server/http/static";

const dir = mkdtempSync(join(tmpdir(), "inkless-static-"));
const script = `export const words = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => `word${i % 97}`))};\n`;
let base = "";
let close = () => {};

beforeAll(async () => {
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><title>x</title></head><body>${"<p>hello</p>".repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, "assets", "index-AbCdEf12.js"), script);
  writeFileSync(join(dir, "assets", "tiny-AbCdEf12.js"), "export {};\n");
  writeFileSync(join(dir, "assets", "logo-AbCdEf12.png"), Buffer.alloc(4096, 7));
  precompress(dir);
  const srv = createServer((req, res) => {
    const rel = (req.url ?? "/").replace(/^\/label\//, "");
    void serveClient(req, res, dir, rel);
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  close = () => srv.close();
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(path: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed assets", () => {
  it("the build writes .br and .gz beside text files worth compressing, not beside small or packed ones", () => {
    expect(existsSync(join(dir, "assets", "index-AbCdEf12.js.br"))).toBe(true);
    expect(existsSync(join(dir, "assets", "index-AbCdEf12.js.gz"))).toBe(true);
    expect(existsSync(join(dir, "index.html.br"))).toBe(true);
    expect(existsSync(join(dir, "assets", "tiny-AbCdEf12.js.br"))).toBe(false);
    expect(existsSync(join(dir, "assets", "logo-AbCdEf12.png.br"))).toBe(false);
  });

  it("brotli when accepted, else gzip, else the file; always Vary: Accept-Encoding", async () => {
    const path = "/label/assets/index-AbCdEf12.js";
    const br = await get(path, "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get(path, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const refused = await get(path, "br;q=0, gzip;q=0.5");
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const plain = await get(path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(script);

    // each variant has its own validator, so a 304 never answers for the other encoding
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const head = await get(path, "br", "HEAD");
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
  });

  it("the page (an app route) is compressed too; a file with no variant is sent as it is", async () => {
    const page = await get("/label/editLabel", "br");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.body).toString()).toContain("<title>x</title>");
    const png = await get("/label/assets/logo-AbCdEf12.png", "br");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it("reads Accept-Encoding with its q values", () => {
    expect([...acceptedEncodings("gzip, deflate, br")].sort()).toEqual(["br", "deflate", "gzip"]);
    expect([...acceptedEncodings("br;q=0, gzip")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("*, br;q=0")].sort()).toEqual(["*", "gzip"]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
