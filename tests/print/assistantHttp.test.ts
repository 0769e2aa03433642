// What the print assistant downloads (a job's fonts from the web app, its cloud server's calls) goes
// through node:http, not fetch: under Wine fetch cannot connect at all, which left labels printed
// there without their text. Here fetch fails the way it does under Wine and the downloads still
// work; the helper follows redirects as fetch does, bounds answers and gives up on silent servers.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCloudDevice } from "../../src/assistant/cloudSetup";
import { fontSourceFor } from "../../src/assistant/fonts";
import { request } from "../../src/assistant/httpRequest";

const ROBOTO = readFileSync("public/fonts/Roboto-Regular.ttf");
let server: Server;
let origin = "";
const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    let s = "";
    req.on("data", (c) => {
      s += c;
    });
    req.on("end", () => ok(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({ method: req.method ?? "", url: req.url ?? "", type: req.headers["content-type"], body });
    const url = req.url ?? "";
    if (url === "/label/fonts/Only-On-Server.ttf") res.end(ROBOTO);
    else if (url === "/interface/api/device/register")
      res.end(JSON.stringify({ code: 200, data: { sn: "SN1", key: "K1", code: "C1" } }));
    else if (url === "/moved") res.writeHead(302, { location: "/label/fonts/Only-On-Server.ttf" }).end();
    else if (url === "/post-then-see") res.writeHead(303, { location: "/seen" }).end();
    else if (url === "/keep-post") res.writeHead(307, { location: "/seen" }).end();
    else if (url === "/seen") res.end("seen");
    else if (url.startsWith("/loop")) res.writeHead(302, { location: `/loop${url.length}` }).end();
    else if (url === "/silent")
      return; // never answers
    else res.writeHead(404).end("not here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

afterEach(() => {
  vi.unstubAllGlobals();
  seen.length = 0;
});

/** fetch as it is under Wine: every connection refused */
const wineFetch = () =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new TypeError("fetch failed", {
        cause: new Error("connect UNKNOWN 127.0.0.1:9 - Local (undefined:undefined)"),
      });
    }),
  );

describe("the assistant's downloads without fetch", () => {
  it("gets a job's fonts from the web app", async () => {
    wineFetch();
    const bytes = await fontSourceFor(origin)("Only-On-Server.ttf");
    expect(Buffer.from(bytes).equals(ROBOTO)).toBe(true);
    await expect(fontSourceFor(origin)("Missing.ttf")).rejects.toThrow(/HTTP 404/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("registers with the cloud server", async () => {
    wineFetch();
    expect(await registerCloudDevice(`${origin}/`, "Shop PC")).toEqual({ sn: "SN1", key: "K1", code: "C1" });
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/interface/api/device/register",
        type: "application/json",
        body: JSON.stringify({ name: "Shop PC" }),
      },
    ]);
    // an answer that is not the server's JSON: a clear refusal
    await expect(registerCloudDevice(`${origin}/nothing`, "Shop PC")).rejects.toThrow(
      "registration refused: HTTP 404",
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the assistant's HTTP requests", () => {
  it("follows redirects as fetch does", async () => {
    const r = await request(`${origin}/moved`);
    expect([r.status, r.ok, r.body.equals(ROBOTO)]).toEqual([200, true, true]);
    expect(Buffer.from(r.arrayBuffer()).equals(ROBOTO)).toBe(true);
    // 303 after a POST: a GET without the body; 307 keeps the POST and its body
    const post = { method: "POST", headers: { "content-type": "application/json" }, body: "{}" };
    await request(`${origin}/post-then-see`, post);
    await request(`${origin}/keep-post`, post);
    expect(seen.filter((s) => s.url === "/seen").map((s) => [s.method, s.type, s.body])).toEqual([
      ["GET", undefined, ""],
      ["POST", "application/json", "{}"],
    ]);
  });

  it("fails clearly: endless redirects, answers too large, other schemes, silence, abort", async () => {
    await expect(request(`${origin}/loop`)).rejects.toThrow("more than 5 redirects");
    await expect(request(`${origin}/label/fonts/Only-On-Server.ttf`, { maxBytes: 1000 })).rejects.toThrow(
      "answer larger than 1000 bytes",
    );
    await expect(request("file:///etc/passwd")).rejects.toThrow("only http and https");
    await expect(request(`${origin}/silent`, { idleMs: 200 })).rejects.toThrow("no answer");
    const stop = new AbortController();
    const asked = request(`${origin}/silent`, { signal: stop.signal });
    stop.abort();
    await expect(asked).rejects.toThrow("aborted");
    const r = await request(`${origin}/nothing`);
    expect([r.status, r.ok, r.body.toString()]).toEqual([404, false, "not here"]);
    expect(() => r.json()).toThrow();
  });
});
