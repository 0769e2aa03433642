// Picture to label and decompression bombs (issue 33 item 2): a 1 MB PNG whose header says 1 × 1
// but whose data inflates to 1 GiB, and a JPEG whose header claims 60000 × 60000, are refused with
// the translated "too large to open" message; the server's memory stays low and it keeps serving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { jpegClaiming, pngBomb } from "../image/support/bombs";
import { type Client, newUser, startServer, type TestServer } from "./helpers";

const seg = (key: string) => Buffer.from(key).toString("base64url");
const MiB = 1024 * 1024;

describe("picture to label refuses decompression bombs", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ name: "pglite" });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  async function upload(client: Client, userId: string, bytes: Uint8Array, name: string) {
    const token = (await client.call("/api/tem.app_shared/getToken", { bucket: "temp-inkless" })).body.data;
    const key = `${userId}/iconicLiteracy/20261206/${name}`;
    const r = await fetch(`${s.base}/interface/putb64/-1/key/${seg(key)}`, {
      method: "POST",
      headers: { Authorization: `UpToken ${token}` },
      body: Buffer.from(bytes).toString("base64"),
    });
    return ((await r.json()) as { data: { url: string } }).data.url;
  }

  it("answers the translated refusal, with memory low, and keeps serving", async () => {
    const { client, user } = await newUser(s.base, "bomb");
    const refusal = translate("image.error.tooLarge", { megapixels: 40 }, "en");
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2 * MiB);
    const urls = [
      await upload(client, user.userid, bomb, "bomb.png"),
      await upload(client, user.userid, jpegClaiming(60_000, 60_000), "huge.jpg"),
    ];
    // the recognition thread (and its tesseract worker) started and warm before measuring
    await s.app.services.pictures.warm();
    let peak = 0;
    const base = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - base);
    }, 20);
    try {
      for (const url of urls) {
        const area = (await client.call("/api/tem.ai_control_class/LabelAreaPositioning", { images: [url] }))
          .body;
        expect(area.code).toBe(209);
        expect(area.msg).toBe(refusal);
        const gen = (
          await client.call("/api/tem.ai_control_class/generateLabelFile", {
            width: 50,
            height: 30,
            images: [url],
          })
        ).body;
        expect(gen.code).toBe(209);
        expect(gen.msg).toBe(refusal);
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss - base);
    // inflating the bomb would take more than 1 GiB
    expect(peak).toBeLessThan(400 * MiB);
    // still serving, and no trial was spent on a refused picture
    const count = (await client.call("/api/tem.app_shared/getDayCount", {})).body;
    expect(count.code).toBe(200);
    expect(count.data.how_many).toBe(count.data.not_member);
  }, 120_000);
});
