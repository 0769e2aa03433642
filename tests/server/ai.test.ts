// Picture to label over HTTP (application.md §7 calls 25–28): a photo uploaded through the
// upload-token flow (purpose iconicLiteracy) is located and turned into a label file; other users'
// pictures are refused; the daily trials are counted by the server and run out.
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../src/export/pdf/png";
import { parseLabelFile } from "../../src/model/file";
import type { BarcodeElement, TextElement } from "../../src/model/types";
import { benchLabel } from "../export/support/labels";
import { photoOf, pixelsOf, renderPng } from "../picture/support/photo";
import { type Client, newUser, startServer, type TestServer } from "./helpers";

const seg = (key: string) => Buffer.from(key).toString("base64url");

describe("picture to label (pglite)", () => {
  let s: TestServer;
  let photo: ReturnType<typeof photoOf>;
  beforeAll(async () => {
    s = await startServer({ name: "pglite" }, { aiTrials: 2, aiTrialsMember: 5 });
    photo = photoOf(pixelsOf(await renderPng(benchLabel(1))), { seed: 3 });
  }, 180_000); // a server start on a loaded machine (the build runs beside the unit tests)
  afterAll(async () => {
    await s?.close();
  });

  async function upload(client: Client, userId: string, bytes: Uint8Array, name: string) {
    const token = (await client.call("/api/tem.app_shared/getToken", { bucket: "temp-inkless" })).body.data;
    const key = `${userId}/iconicLiteracy/20261125/${name}`;
    const r = await fetch(`${s.base}/interface/putb64/-1/key/${seg(key)}`, {
      method: "POST",
      headers: { Authorization: `UpToken ${token}` },
      body: Buffer.from(bytes).toString("base64"),
    });
    return ((await r.json()) as { data: { url: string } }).data.url;
  }

  it("locates the label, generates its file, counts the trial, and runs out", async () => {
    const { client, user } = await newUser(s.base, "ai");
    const url = await upload(client, user.userid, photo.jpeg, "photo.jpg");
    const count0 = (await client.call("/api/tem.app_shared/getDayCount", { user_id: user.userid, type: 3 }))
      .body;
    expect(count0).toMatchObject({ code: 200, data: { not_member: 2, Member: 5, how_many: 2 } });

    const area = (await client.call("/api/tem.ai_control_class/LabelAreaPositioning", { images: [url] }))
      .body;
    expect(area.code).toBe(200);
    const [x, y, w, h] = area.data[0];
    const xs = photo.corners.map((c) => c[0]);
    const ys = photo.corners.map((c) => c[1]);
    expect(Math.abs(x - Math.min(...xs))).toBeLessThan(photo.width * 0.03);
    expect(Math.abs(y - Math.min(...ys))).toBeLessThan(photo.width * 0.03);
    expect(Math.abs(w - (Math.max(...xs) - Math.min(...xs)))).toBeLessThan(photo.width * 0.05);
    expect(Math.abs(h - (Math.max(...ys) - Math.min(...ys)))).toBeLessThan(photo.width * 0.05);
    expect(area.corners[0]).toHaveLength(4);
    expect(area.sizes[0]).toEqual([photo.width, photo.height]);
    // no code of standard size (EAN/UPC) on this label: no size estimate, the dialog starts at 100 mm
    expect(area.mm).toEqual([null]);

    const gen = (
      await client.call("/api/tem.ai_control_class/generateLabelFile", {
        user_id: user.userid,
        width: 100,
        height: 80,
        platform: 2,
        images: [url],
        corners: area.corners[0],
      })
    ).body;
    expect(gen.code).toBe(200);
    const file = await client.raw(new URL(gen.data[0].file_web).pathname);
    expect(file.status).toBe(200);
    const parsed = parseLabelFile(new Uint8Array(await file.arrayBuffer()));
    if (!parsed.ok) throw new Error("the generated file does not parse");
    expect(parsed.doc.attrs).toMatchObject({ width: 100, height: 80, type: "AI", name: "New Label" });
    const bars = parsed.doc.elements.filter((e) => e.Type === "Barcode") as BarcodeElement[];
    expect(bars.map((b) => b.Data)).toEqual(["INK-000001"]);

    const count1 = (await client.call("/api/tem.app_shared/getDayCount", {})).body.data;
    expect(count1).toMatchObject({ not_member: 1, how_many: 2 });
    // addCount cannot give trials back nor take extra ones
    expect((await client.call("/api/tem.app_shared/addCount", {})).body.data).toMatchObject({
      not_member: 1,
    });

    const again = { width: 100, height: 80, images: [url] };
    expect((await client.call("/api/tem.ai_control_class/generateLabelFile", again)).body.code).toBe(200);
    const out = (await client.call("/api/tem.ai_control_class/generateLabelFile", again)).body;
    expect(out).toMatchObject({
      code: 209,
      msg: "Today's trial count is used up, please come back tomorrow!",
    });
    expect((await client.call("/api/tem.app_shared/getDayCount", {})).body.data.not_member).toBe(0);
  }, 120_000);

  it("refuses another user's picture and answers 'Read failed' for what is no picture", async () => {
    const a = await newUser(s.base, "ai");
    const b = await newUser(s.base, "ai");
    const url = await upload(a.client, a.user.userid, photo.jpeg, "mine.jpg");
    for (const path of ["LabelAreaPositioning", "generateLabelFile"]) {
      const r = (
        await b.client.call(`/api/tem.ai_control_class/${path}`, { width: 100, height: 80, images: [url] })
      ).body;
      expect(r.code).toBe(403);
    }
    const bad = await upload(
      a.client,
      a.user.userid,
      new Uint8Array([135, 125, 28, 0, 1, 2, 3, 4]),
      "bad.png",
    );
    const r = (await a.client.call("/api/tem.ai_control_class/LabelAreaPositioning", { images: [bad] })).body;
    expect(r).toMatchObject({ code: 209, msg: "Read failed" });
    const g = (await a.client.call("/api/tem.ai_control_class/generateLabelFile", { images: [bad] })).body;
    expect(g).toMatchObject({ code: 209, msg: "Read failed" });
    // a refused picture costs no trial
    expect((await a.client.call("/api/tem.app_shared/getDayCount", {})).body.data.not_member).toBe(2);
  }, 60_000);

  it("a picture with no label in it says so and costs no trial", async () => {
    const { client, user } = await newUser(s.base, "ai");
    // an empty wall: one plain colour, nothing to read
    const width = 400;
    const height = 300;
    const plain = encodePng(
      { width, height, data: new Uint8Array(width * height * 4).fill(200) },
      { opaque: true, deflate: (raw) => deflateSync(raw) },
    );
    const url = await upload(client, user.userid, plain, "wall.png");
    const g = (
      await client.call("/api/tem.ai_control_class/generateLabelFile", {
        width: 100,
        height: 80,
        images: [url],
      })
    ).body;
    expect(g).toMatchObject({
      code: 209,
      msg: "No label was found in this picture. Take a photo with the whole label in view and try again.",
    });
    expect((await client.call("/api/tem.app_shared/getDayCount", {})).body.data.not_member).toBe(2);
  }, 120_000);

  it("reads the text in the language the user chose, and refuses a language it does not know", async () => {
    const { client, user } = await newUser(s.base, "ai");
    const greek = "Ελιές Καλαμάτας";
    const base = benchLabel(1);
    const text = base.elements.find((e) => e.Type === "Text") as TextElement;
    const doc = {
      ...base,
      elements: [
        {
          ...text,
          StartX: 5,
          StartY: 5,
          FontSize: 20,
          Data: greek,
          DataSourceList: [{ ...text.DataSourceList[0], FirstValue: greek, NormalText: greek }],
        },
      ],
    };
    const url = await upload(client, user.userid, await renderPng(doc), "greek.png");
    const unknown = (
      await client.call("/api/tem.ai_control_class/generateLabelFile", {
        width: doc.attrs.width,
        images: [url],
        language: "../../etc",
      })
    ).body;
    expect(unknown).toMatchObject({
      code: 209,
      msg: "Text in this language cannot be read. Choose another language for the label's text.",
    });
    expect((await client.call("/api/tem.app_shared/getDayCount", {})).body.data.not_member).toBe(2);
    const gen = (
      await client.call("/api/tem.ai_control_class/generateLabelFile", {
        width: doc.attrs.width,
        images: [url],
        language: "ell",
      })
    ).body;
    expect(gen.code).toBe(200);
    const file = await client.raw(new URL(gen.data[0].file_web).pathname);
    const parsed = parseLabelFile(new Uint8Array(await file.arrayBuffer()));
    if (!parsed.ok) throw new Error("the generated file does not parse");
    const texts = parsed.doc.elements.filter((e) => e.Type === "Text").map((e) => (e as TextElement).Data);
    expect(texts).toContain(greek);
  }, 180_000);

  it("keeps answering other requests (GET /healthz) while a picture is read in its thread", async () => {
    const { client, user } = await newUser(s.base, "ai");
    // a large picture (24 Mpx: a label on a dark table): reading it is seconds of work
    const width = 6000;
    const height = 4000;
    const rgba = new Uint8Array(width * height * 4).fill(40);
    for (let y = 800; y < 3200; y++) rgba.fill(235, (y * width + 1000) * 4, (y * width + 5000) * 4);
    const big = encodePng(
      { width, height, data: rgba },
      { opaque: true, deflate: (raw) => deflateSync(raw) },
    );
    const url = await upload(client, user.userid, big, "big.png");
    let settled = false;
    const locating = client
      .call("/api/tem.ai_control_class/LabelAreaPositioning", { images: [url] })
      .finally(() => {
        settled = true;
      });
    // the picture is in the thread (the request's own reading of the file is done)
    while (s.app.services.pictures.busy === 0 && !settled) await new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 3; i++) expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    // answered while the picture was still being read (on the request thread, the locating is
    // one block of work: nothing else is answered until it ends)
    expect(settled).toBe(false);
    const area = (await locating).body;
    expect(area.code).toBe(200);
    for (const [i, v] of [1000, 800, 4000, 2400].entries())
      expect(Math.abs(area.data[0][i] - v)).toBeLessThan(30);
  }, 60_000);
});
