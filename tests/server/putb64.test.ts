// The base64 picture endpoint the editor's cloud save uses for label previews (spec application §7:
// putb64/-1/key/<url-safe base64 key>, Authorization: UpToken <token>), on every prefix: owner
// checks on the key, data-URL bodies, hostile keys and bodies. The happy path and bad tokens are
// in content.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13]);
const seg = (key: string) => Buffer.from(key).toString("base64url");

describe.each(ENGINES)("putb64 ($name)", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(() => s?.close());

  async function put(prefix: string, key: string, token: string, body: string) {
    const r = await fetch(`${s.base}${prefix}/putb64/-1/key/${seg(key)}`, {
      method: "POST",
      headers: { Authorization: `UpToken ${token}`, "Content-Type": "application/octet-stream" },
      body,
    });
    return (await r.json()) as { code: number; key?: string; data?: { key: string } };
  }

  it("stores a preview under the user's own prefix on /interface, /hanma and /net", async () => {
    const { client, user } = await newUser(s.base, "pic");
    const token = (await client.call("/api/tem.app_shared/getToken", { bucket: "hm-inkless" })).body.data;
    for (const prefix of ["/interface", "/hanma", "/net"]) {
      const key = `${user.userid}/tprt/preview/20261122/${prefix.slice(1)}.png`;
      const r = await put(prefix, key, token, PNG.toString("base64"));
      expect(r).toMatchObject({ code: 200, key, data: { key } });
      const file = await client.raw(`/files/${key}`);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    }
    // a data URL body is read as its base64 part
    const key = `${user.userid}/tprt/preview/20261122/dataurl.png`;
    expect(
      (await put("/interface", key, token, `data:image/png;base64,${PNG.toString("base64")}`)).code,
    ).toBe(200);
    expect(Buffer.from(await (await client.raw(`/files/${key}`)).arrayBuffer())).toEqual(PNG);
  });

  it("refuses keys outside the user's prefix, traversal, bad bodies and empty pictures", async () => {
    const a = await newUser(s.base, "pic");
    const b = await newUser(s.base, "pic");
    const token = (await a.client.call("/api/tem.app_shared/getToken", { bucket: "hm-inkless" })).body.data;
    const b64 = PNG.toString("base64");
    expect((await put("/interface", `${b.user.userid}/tprt/preview/x.png`, token, b64)).code).toBe(403);
    expect((await put("/interface", `${a.user.userid}/../${b.user.userid}/x.png`, token, b64)).code).not.toBe(
      200,
    );
    expect((await put("/interface", `${a.user.userid}/tprt/x.png`, token, "<script>")).code).toBe(209);
    expect((await put("/interface", `${a.user.userid}/tprt/x.png`, token, "")).code).not.toBe(200);
    // nothing of user a's went into user b's folder
    expect((await b.client.raw(`/files/${b.user.userid}/tprt/preview/x.png`)).status).toBe(404);
  });
});
