// A cloud job end to end: hmPrintFile on the server → the assistant long-polling as a device →
// the fake TSPL printer. The job's bytes are decoded independently and compared with the image.
import { describe, expect, it } from "vitest";
import { loadCloudDevices } from "../../src/app/printing/cloudPrint";
import { imageBitmap, pngSize, startCloudClient } from "../../src/assistant/cloud";
import { stockMismatch } from "../../src/print/stock";
import { newUser, upload } from "../server/helpers";
import { useCloudRig } from "./support/cloudRig";
import { decodeTspl, decodeZpl, inkBox } from "./support/decodeJob";
import { pagePng } from "./support/pagePng";

const DIST = "/api/tem.distInterface/distData";

describe("cloud printing through the assistant", () => {
  const rig = useCloudRig();

  it("reads no PNG size from other bytes", () => {
    expect(pngSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it("shows the assistant online and prints a job to the fake TSPL printer", async () => {
    const { client, user } = await newUser(rig.s.base, "cloud");
    const dev = (await client.call("/api/device/bind", { name: "Shelf" })).body.data;
    const png = await pagePng();
    const url = (await upload(client, `${user.userid}/tprt/cloudPrint/p1.png`, png, "p1.png")).body.data.url;

    rig.cloud = startCloudClient(
      { server: rig.s.base, sn: dev.sn, key: dev.key, printer: "Shelf" },
      [
        {
          name: "Shelf",
          host: "127.0.0.1",
          port: rig.printer.port,
          language: "TSPL",
          dpi: 203,
          settings: { gapMm: 2 },
          widthMm: 100,
          heightMm: 50,
        },
      ],
      { wait: 5000 },
    );
    await rig.cloud.online;
    const st = await client.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: dev.sn });
    expect(st.body.data[0]).toMatchObject({ sn: dev.sn, status: 1, type: 1 });
    // the device said what its printer is loaded with: the print dialog's stock warning reads it
    const listed = await client.call(DIST, { fun: "hmBindEquipmentList" });
    expect(listed.body.data[0]).toMatchObject({ sn: dev.sn, paper_width: 100, paper_height: 50 });
    const api = {
      post: async (path: string, body: Record<string, unknown>) => (await client.call(path, body)).body.data,
    };
    const [device] = await loadCloudDevices(api as unknown as Parameters<typeof loadCloudDevices>[0]);
    expect(device).toMatchObject({ id: dev.sn, stock: { widthMm: 100, heightMm: 50 } });
    expect(stockMismatch(device.stock, { width: 100, height: 150 })).toEqual({ widthMm: 100, heightMm: 50 });

    const jobBytes = rig.printer.nextJob();
    const r = await client.call(DIST, {
      fun: "hmPrintFile",
      sn: dev.sn,
      files: `${url},${url}`,
      print_type: "ESC",
      phr: 2,
      print_file_type: 1,
    });
    expect(r.body.code).toBe(200);
    const job = decodeTspl(await jobBytes);
    expect(job.pages).toHaveLength(2);
    for (const p of job.pages) {
      expect([p.width, p.height]).toEqual([480, 240]);
      expect(inkBox(p)).toEqual({ minX: 40, minY: 80, maxX: 199, maxY: 159 });
    }
  }, 60_000);

  it("scales a 203 dpi image to a 300 dpi ZPL printer", async () => {
    const { bitmap } = imageBitmap(await pagePng(), 300);
    expect([bitmap.width, bitmap.height]).toEqual([712, 360]);
    const { zplPage } = await import("../../src/print/zpl");
    const [page] = decodeZpl(Buffer.from(zplPage(bitmap, 1)));
    const box = inkBox(page);
    if (!box) throw new Error("blank page");
    // x 40…200 → 59.1…295.6 dots, y 80…160 → 118.2…236.5 dots at 300 dpi
    expect(Math.abs(box.minX - 59)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.maxX - 295)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.minY - 118)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.maxY - 236)).toBeLessThanOrEqual(1);
  });
});
