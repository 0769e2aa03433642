// Live spreadsheet sources: the server fetches a user's http(s) address under its SSRF rules (no
// private, loopback or link-local address after DNS, redirects checked again, size and time limits),
// against a real HTTP server started here. Loopback is allowed only through the injected allow-list.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import type { ApiError } from "../../src/server/http/envelope";
import { embeddedV4, isBlockedAddress, parseAllowList } from "../../src/server/net/addressRules";
import { liveFetch } from "../../src/server/net/liveFetch";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

const CSV = "sku,name\n1,Tea\n2,Milk\n";
let web: Server;
let origin = "";
let hits = 0;

beforeAll(async () => {
  web = createServer((req, res) => {
    hits++;
    const path = req.url ?? "/";
    if (path === "/stock.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(CSV);
    } else if (path === "/moved") {
      res.writeHead(302, { location: "/stock.csv" });
      res.end();
    } else if (path === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    } else if (path === "/to-other-loopback") {
      res.writeHead(307, { location: `http://127.0.0.2:${(web.address() as AddressInfo).port}/stock.csv` });
      res.end();
    } else if (path === "/loop") {
      res.writeHead(302, { location: "/loop" });
      res.end();
    } else if (path === "/big") {
      // no Content-Length: the limit is found while reading
      res.writeHead(200, { "content-type": "text/csv" });
      const row = `${"x".repeat(1023)}\n`;
      let sent = 0;
      const more = () => {
        while (sent < 3 * 1024 && res.write(row)) sent++;
        if (sent < 3 * 1024) res.once("drain", more);
        else res.end();
      };
      more();
    } else if (path === "/declared-big") {
      res.writeHead(200, { "content-type": "text/csv", "content-length": String(5 * 1024 * 1024) });
      res.write("a,b\n");
    } else if (path === "/slow") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.write("a,b\n"); // and never ends
    } else if (path === "/page") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html><body>Sign in</body></html>");
    } else if (path === "/gone") {
      res.writeHead(404);
      res.end();
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

afterAll(async () => {
  web.closeAllConnections();
  await new Promise((r) => web.close(r));
});

const ALLOW_LOOPBACK = parseAllowList("127.0.0.1").list;
const opts = { maxBytes: 1024 * 1024, timeoutMs: 1500, allow: ALLOW_LOOPBACK };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("expected a failure");
}

describe("address rules", () => {
  it("refuses private, loopback, link-local and special ranges, IPv4 inside IPv6 too", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a9fe:a9fe",
      "not an address",
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isBlockedAddress(ip), ip).toBe(false);
    expect(embeddedV4("::ffff:a9fe:a9fe")).toBe("169.254.169.254");
  });

  it("lets the operator allow ranges, and reports bad entries", () => {
    const { list, bad } = parseAllowList("10.1.0.0/16, 192.168.5.7, nonsense, 10.0.0.0/99");
    expect(bad).toEqual(["nonsense", "10.0.0.0/99"]);
    expect(isBlockedAddress("10.1.200.3", list)).toBe(false);
    expect(isBlockedAddress("::ffff:10.1.200.3", list)).toBe(false);
    expect(isBlockedAddress("192.168.5.7", list)).toBe(false);
    expect(isBlockedAddress("192.168.5.8", list)).toBe(true);
    expect(isBlockedAddress("10.2.0.1", list)).toBe(true);
  });
});

describe("liveFetch", () => {
  it("fetches a CSV, following a redirect", async () => {
    const f = await liveFetch(`${origin}/moved`, opts);
    expect(new TextDecoder().decode(f.bytes)).toBe(CSV);
    expect(f.url).toBe(`${origin}/stock.csv`);
  });

  it("refuses loopback without the allow-list, before connecting", async () => {
    const before = hits;
    const e = await failure(liveFetch(`${origin}/stock.csv`, { ...opts, allow: undefined }));
    expect(e.key).toBe("live.error.refused");
    const byName = await failure(
      liveFetch(`http://localhost:${new URL(origin).port}/stock.csv`, { ...opts, allow: undefined }),
    );
    expect(byName.key).toBe("live.error.refused");
    expect(hits).toBe(before);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const e = await failure(
      liveFetch("http://intranet.example/stock.csv", {
        ...opts,
        resolve: ((
          _h: string,
          _o: unknown,
          cb: (e: null, a: { address: string; family: number }[]) => void,
        ) => cb(null, [{ address: "10.0.0.7", family: 4 }])) as never,
      }),
    );
    expect(e.key).toBe("live.error.refused");
  });

  it("checks every redirect again", async () => {
    expect((await failure(liveFetch(`${origin}/to-metadata`, opts))).key).toBe("live.error.refused");
    expect((await failure(liveFetch(`${origin}/to-other-loopback`, opts))).key).toBe("live.error.refused");
    expect((await failure(liveFetch(`${origin}/loop`, opts))).key).toBe("live.error.tooManyRedirects");
  });

  it("cuts off a file past the size limit, declared or not", async () => {
    const e = await failure(liveFetch(`${origin}/big`, opts));
    expect(e.key).toBe("live.error.tooLarge");
    expect(e.vars).toEqual({ limit: 1 });
    expect((await failure(liveFetch(`${origin}/declared-big`, opts))).key).toBe("live.error.tooLarge");
  });

  it("gives up past the time limit", async () => {
    const e = await failure(liveFetch(`${origin}/slow`, { ...opts, timeoutMs: 300 }));
    expect(e.key).toBe("live.error.timeout");
  });

  it("names web pages, error answers, bad and unreachable addresses", async () => {
    expect((await failure(liveFetch(`${origin}/page`, opts))).key).toBe("live.error.notSpreadsheet");
    const gone = await failure(liveFetch(`${origin}/gone`, opts));
    expect([gone.key, gone.vars]).toEqual(["live.error.status", { status: 404 }]);
    for (const bad of ["ftp://example.com/a.csv", "file:///etc/passwd", "javascript:alert(1)", "/stock.csv"])
      expect((await failure(liveFetch(bad, opts))).key, bad).toBe("live.error.badAddress");
    // a port nothing listens on (allowed address, connection refused)
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect((await failure(liveFetch(`http://127.0.0.1:${port}/x.csv`, opts))).key).toBe(
      "live.error.unreachable",
    );
  });
});

describe("the import call reads a live address", () => {
  let s: TestServer;
  let strict: TestServer;
  beforeAll(async () => {
    s = await startServer(ENGINES[0], { liveDataAllow: "127.0.0.1" });
    strict = await startServer(ENGINES[0]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await strict?.close();
  });

  it("answers the sheet at the address, fetched again on each call", async () => {
    const { client } = await newUser(s.base, "live");
    const imp = await client.call("/api/tem.new_class/import", {
      FileUrl: `${origin}/stock.csv`,
      TableIndex: -1,
    });
    expect(imp.body.code).toBe(200);
    expect(imp.body.data[0].data).toEqual([
      ["sku", "name"],
      ["1", "Tea"],
      ["2", "Milk"],
    ]);
    const before = hits;
    await client.call("/api/tem.new_class/import", { FileUrl: `${origin}/stock.csv`, TableIndex: -1 });
    expect(hits).toBe(before + 1);
  });

  it("gives the translated reason, and refuses loopback on a server that allows nothing", async () => {
    const { client } = await newUser(s.base, "live2");
    const page = await client.call("/api/tem.new_class/import", { FileUrl: `${origin}/page` });
    expect(page.body.code).toBe(209);
    expect(page.body.Reason).toBe(translate("live.error.notSpreadsheet", {}, "en"));
    const other = await newUser(strict.base, "live3");
    const r = await other.client.call("/api/tem.new_class/import", { FileUrl: `${origin}/stock.csv` });
    expect(r.body.code).toBe(209);
    expect(r.body.Reason).toBe(translate("live.error.refused", {}, "en"));
  });
});
