// Hostile and malformed requests: prototype keys, huge bodies, bad JSON, unknown paths, methods,
// plus the static app under /label/ (content types, cache headers, fallback).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe("hostile input and static app", () => {
  let s: TestServer;
  let c: Client;
  beforeAll(async () => {
    s = await startServer(ENGINES[0], { maxJsonBytes: 64 * 1024, maxUploadBytes: 128 * 1024 });
    const made = await newUser(s.base, "host");
    c = made.client;
    // a member: the nickname changes below are a member feature
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [made.user.userid]);
    s.app.services.sessions.clear();
    const client = join(s.dataDir, "client");
    mkdirSync(join(client, "assets"), { recursive: true });
    writeFileSync(join(client, "index.html"), "<!doctype html><title>Inkless</title>");
    writeFileSync(join(client, "assets", "index-AbCd1234.js"), "console.log(1)");
    writeFileSync(join(client, "favicon.svg"), "<svg/>");
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("ignores __proto__ / constructor keys in JSON and never pollutes prototypes", async () => {
    const r = await c.call(
      "/api/tem.app_public/addUserClass",
      '{"name":"Proto","__proto__":{"polluted":"yes","is_member":true},"constructor":{"prototype":{"polluted":"yes"}}}',
    );
    expect(r.body.code).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const r2 = await c.call("/api/user/editUserInfo", '{"__proto__":{"nickname":""},"nickname":"Safe"}');
    expect(r2.body.data.nickname).toBe("Safe");
    expect(({} as Record<string, unknown>).nickname).toBeUndefined();
  });

  it("answers 413 for a body over the limit (declared or streamed)", async () => {
    const big = JSON.stringify({ name: "x".repeat(100 * 1024) });
    const r = await c.call("/api/tem.app_public/addUserClass", big);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, Reason: "The request is too large (limit 64 KB)" });
    // Chunked, without Content-Length.
    const stream = new ReadableStream({
      start(ctrl) {
        for (let i = 0; i < 20; i++) ctrl.enqueue(new TextEncoder().encode(" ".repeat(8 * 1024)));
        ctrl.close();
      },
    });
    const r2 = await fetch(`${s.base}/interface/api/user/login`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(r2.status).toBe(413);
    expect((await r2.json()).code).toBe(413);
    // The server is still fine afterwards.
    expect((await c.call("/api/user/getUserInfo")).body.code).toBe(200);
  });

  it("answers 209 with a translated message for malformed JSON and wrong types", async () => {
    c.lang = "zh";
    const r = await c.call("/api/tem.app_public/addUserClass", "{not json");
    expect(r.body).toMatchObject({ code: 209, Reason: "请求内容不是有效的 JSON" });
    expect((await c.call("/api/tem.app_public/addUserClass", "[1,2]")).body.code).toBe(209);
    expect((await c.call("/api/tem.app_public/addUserClass", { name: { $gt: "" } })).body.code).toBe(209);
    expect((await c.call("/api/tem.app_public/editUserClass", { id: ["a"], name: 5 })).body.code).toBe(209);
    expect((await c.call("/api/tem.app_public/getUserTemplateList", { page: -5, size: 1e9 })).body.code).toBe(
      200,
    );
    expect((await c.call("/api/tem.app_public/addUserClass", { name: "n".repeat(500) })).body.code).toBe(209);
    c.lang = "en";
  });

  it("stores and returns hostile strings verbatim where allowed, as JSON", async () => {
    const nick = `'"); DROP TABLE users; --`;
    const r = await c.call("/api/user/editUserInfo", { nickname: nick.slice(0, 32) });
    expect(r.body.data.nickname).toBe(nick.slice(0, 32));
    expect((await c.call("/api/user/getUserInfo")).body.data.nickname).toBe(nick.slice(0, 32));
  });

  it("accepts GET with query parameters for reads only and refuses other methods", async () => {
    const r = await c.raw("/interface/api/tem.app_public/getCloudDataList?type=1");
    expect((await r.json()).code).toBe(200);
    const put = await c.raw("/interface/api/user/getUserInfo", { method: "PUT" });
    expect(put.status).toBe(405);
    // State-changing calls are POST only: a cross-site GET link cannot delete anything.
    const list = (await c.call("/api/tem.app_public/getUserTemplateList")).body.data;
    const del = await c.raw(`/interface/api/tem.app_public/delUserTemplate?id=${list[0].id}`);
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("POST");
    expect((await c.call("/api/tem.app_public/getUserTemplateList")).body.count).toBe(list.length);
  });

  it("answers 404 for unknown API paths and bad multipart forms", async () => {
    const r = await c.call("/api/nope/nothing");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
    const bad = await c.raw("/interface/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      body: "--XYZ\r\ngarbage",
    });
    expect((await bad.json()).code).toBe(209);
  });

  it("serves the app: redirects, content types, cache headers and index fallback", async () => {
    const root = await fetch(`${s.base}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/label/");
    const index = await fetch(`${s.base}/label/`);
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const asset = await fetch(`${s.base}/label/assets/index-AbCd1234.js`);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const etag = asset.headers.get("etag") as string;
    expect(
      (await fetch(`${s.base}/label/assets/index-AbCd1234.js`, { headers: { "if-none-match": etag } }))
        .status,
    ).toBe(304);
    expect((await fetch(`${s.base}/label/favicon.svg`)).headers.get("content-type")).toBe("image/svg+xml");
    const route = await fetch(`${s.base}/label/editLabel?labelStatus=add`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<title>Inkless</title>");
    expect((await fetch(`${s.base}/label/assets/missing-12345678.js`)).status).toBe(404);
    const trav = await fetch(`${s.base}/label/..%2f..%2fpackage.json`);
    expect(await trav.text()).not.toContain('"name"');
    expect((await fetch(`${s.base}/files/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
  });
});
