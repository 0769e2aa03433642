// The dialog's cloud path (src/app/printing/cloudPrint.ts) against the real server and a connected
// assistant: devices listed with status and type, pages drawn at 203 dpi (multiples of 8, minus 1
// for type 2), uploaded, sent with hmPrintFile, and printed by the fake TSPL printer.
import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it } from "vitest";
import { listedCloud } from "../../machines/printDialog.machine";
import type { ApiClient } from "../../src/app/api/core";
import {
  cloudFiles,
  cloudImageSize,
  loadCloudDevices,
  printTypeOf,
  sendCloudJob,
} from "../../src/app/printing/cloudPrint";
import { recordPrint, recordUse } from "../../src/app/printing/printRecord";
import { startCloudClient } from "../../src/assistant/cloud";
import { emptyDocument } from "../../src/model/defaults";
import { initRaster } from "../../src/print/raster";
import { type Client, newUser } from "../server/helpers";
import { useCloudRig } from "./support/cloudRig";
import { decodeTspl, inkBox } from "./support/decodeJob";

/** The request client's contract (resolves with data, throws on other codes) over the test client. */
function apiOf(c: Client): ApiClient {
  return {
    prefix: "/interface",
    async post<T>(path: string, body?: unknown): Promise<T> {
      let env: { code: number; data: unknown; msg?: string };
      if (body instanceof FormData) {
        env = await (await c.raw(`/interface${path}`, { method: "POST", body })).json();
      } else env = (await c.call(path, body ?? {})).body;
      if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg}`);
      return env.data as T;
    },
    async get<T>(): Promise<T> {
      throw new Error("not used");
    },
  };
}

/** Node stand-in for the browser's canvg drawing: the page SVG at exactly width × height pixels. */
async function drawPng(svg: string, width: number, height: number): Promise<Uint8Array> {
  await initRaster();
  const sized = svg.replace(
    /^<svg([^>]*?) width="[^"]*" height="[^"]*"/,
    `<svg$1 width="${width}" height="${height}"`,
  );
  const r = new Resvg(sized, { font: { loadSystemFonts: false } as never, background: "#fff" });
  const img = r.render();
  const png = img.asPng();
  img.free();
  r.free();
  return png;
}

// 60 × 30 mm page, a black box at 5…25 mm × 10…20 mm
const PAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="30mm" viewBox="0 0 60 30"><rect x="5" y="10" width="20" height="10"/></svg>`;

describe("cloud printing from the dialog", () => {
  const rig = useCloudRig();

  it("sizes images at 203 dpi in multiples of 8, minus 1 for type 2", () => {
    expect(cloudImageSize(60, 30, 1)).toEqual({ width: 480, height: 240 });
    expect(cloudImageSize(50, 25, 1)).toEqual({ width: 400, height: 200 });
    expect(cloudImageSize(60, 30, 2)).toEqual({ width: 479, height: 239 });
    expect(cloudImageSize(Number.NaN, 1, 1)).toEqual({ width: 8, height: 8 });
    expect(printTypeOf(2)).toBe("CNY");
    expect(printTypeOf(1)).toBe("ESC");
    expect(printTypeOf(undefined)).toBe("ESC");
    expect(cloudFiles(["a", "b"], 2)).toEqual(["a", "a", "b", "b"]);
    expect(cloudFiles(["a"], 0)).toEqual(["a"]);
  });

  it("lists devices online or of type 2, then sends pages that reach the printer", async () => {
    const { client, user } = await newUser(rig.s.base, "dlg");
    const api = apiOf(client);
    expect(await loadCloudDevices(api)).toEqual([]);
    const dev = (await client.call("/api/device/bind", { name: "Shelf" })).body.data;
    await client.call("/api/device/bind", { name: "Box", type: 2 });
    const before = await loadCloudDevices(api);
    expect(before.map((d) => [d.name, d.status, d.type])).toEqual([
      ["Shelf", 0, 1],
      ["Box", 0, 2],
    ]);
    expect(listedCloud(before).map((d) => d.name)).toEqual(["Box"]);

    rig.cloud = startCloudClient(
      { server: rig.s.base, sn: dev.sn, key: dev.key, printer: "Shelf" },
      [{ name: "Shelf", host: "127.0.0.1", port: rig.printer.port, language: "TSPL", dpi: 203 }],
      { wait: 5000 },
    );
    await rig.cloud.online;
    const devices = await loadCloudDevices(api);
    const shelf = listedCloud(devices).find((d) => d.name === "Shelf");
    expect(shelf).toMatchObject({ id: dev.sn, status: 1, type: 1 });
    if (!shelf) throw new Error("unreachable");

    const jobBytes = rig.printer.nextJob();
    const answer = await sendCloudJob(
      { api, userId: user.userid, drawPng },
      { device: shelf, pages: [PAGE, PAGE], widthMm: 60, heightMm: 30, copies: 2 },
    );
    expect(answer).toMatchObject({ sn: dev.sn, files: 4 });
    const job = decodeTspl(await jobBytes);
    expect(job.pages).toHaveLength(4);
    for (const p of job.pages) {
      expect([p.width, p.height]).toEqual([480, 240]);
      const box = inkBox(p);
      if (!box) throw new Error("blank page");
      // 5 mm = 39.96 dots, 25 mm = 199.8, 10 mm = 79.9, 20 mm = 159.8
      expect(Math.abs(box.minX - 40)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.maxX - 199)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.minY - 80)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.maxY - 159)).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it("records the print: one history record per job, and use counts by label type on opening", async () => {
    const { client, user } = await newUser(rig.s.base, "rec");
    const api = apiOf(client);
    const tpl = (await client.call("/api/tem.app_public/getUserTemplateList")).body.data[0];
    const doc = emptyDocument({ id: tpl.id, type: "cloud", name: "Jar", columns: 2, rows: 1 });
    const history = async () => (await client.call("/api/tem.app_public/getPrintHistory")).body.data;
    // opening for print counts a use and writes no record
    await recordUse(api, doc.attrs, user.userid);
    expect(await history()).toEqual([]);
    const job = {
      userId: user.userid,
      choices: [
        { record: 0, copies: 2 },
        { record: 1, copies: 1 },
      ],
      printerKind: "driver",
      printer: "Shelf TSPL",
    } as const;
    await recordPrint(api, doc, { ...job, copies: 3 });
    expect(await history()).toHaveLength(1);
    await recordPrint(api, doc, { ...job, copies: 1, printerKind: "browser", printer: "" });
    const rows = await history();
    expect(rows).toHaveLength(2);
    // 3 labels a copy, 2 to a page (2 columns): 9 labels on 6 pages for 3 copies
    expect(rows.find((r: { copies: number }) => r.copies === 3)).toMatchObject({
      template_id: tpl.id,
      name: "Jar",
      records: "1*2,2",
      labels: 9,
      pages: 6,
      printer_kind: "driver",
      printer: "Shelf TSPL",
      tmp_type: "cloud",
      is_copy: false,
    });
    // the second opening counts the second use
    await recordUse(api, doc.attrs, user.userid);
    const third = await client.call("/api/tem.app_public/userPrivateUserTem", {
      id: tpl.id,
      user_id: user.userid,
    });
    expect(third.body.data.uses).toBe(3);
    const common = emptyDocument({ id: "lib42", type: "common", name: "Lib" });
    await recordUse(api, common.attrs, user.userid);
    expect((await client.call("/api/tem.app_public/addDowTem", { id: "lib42" })).body.data.uses).toBe(2);
    expect((await client.call("/api/tem.app_public/userUseTem", { id: "lib42" })).body.data.uses).toBe(2);
    const shared = emptyDocument({ id: "shared7", type: "share", name: "Shared" });
    await recordUse(api, shared.attrs, user.userid);
    expect((await client.call("/api/tem.app_public/userUseTem", { id: "shared7" })).body.data.uses).toBe(2);
    // a common label printed is someone else's label: a copy
    await recordPrint(api, common, { ...job, copies: 1 });
    expect((await history())[0]).toMatchObject({ name: "Lib", is_copy: true, tmp_type: "common" });
  }, 60_000);
});
