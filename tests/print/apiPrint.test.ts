// The print API end to end (issue 39): POST /api/v1/print with a token → the answer comes at once
// (drawing) → the raster workers draw the cloud template with the records → the job is queued on the user's cloud device → the print
// assistant (long-polling as that device) prints it on the fake TSPL printer; the printed bitmaps
// are decoded back and their barcodes read the records' values. GET /api/v1/jobs/<id> follows the
// job to "done". Bad requests are refused with their message and print nothing.
import { describe, expect, it } from "vitest";
import { startCloudClient } from "../../src/assistant/cloud";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { sharedRasterPool } from "../../src/print/rasterPool";
import { MAX_API_RECORDS } from "../../src/server/services/apiPrint";
import { takeJob } from "../../src/server/services/deviceJobs";
import { decode } from "../codes/support/zxing";
import { useCloudRig } from "./support/cloudRig";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { skuLabel } from "./support/label";
import { printApiUser } from "./support/printApi";
import { createToken } from "./support/tokenApi";

/** The template of these tests: its barcode prints the records' "sku". */
const sku = { label: skuLabel(), templateName: "SKU label" };

describe("the print API on a cloud device", () => {
  const rig = useCloudRig();

  it("prints the records on the fake printer and reports the job done", async () => {
    const { client, user, template, dev, call } = await printApiUser(rig.s.base, "apiprint", sku);
    const jobCount = async () =>
      (
        await rig.s.app.services.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM print_jobs WHERE user_id = $1",
          [user.userid],
        )
      )[0].n;
    const good = {
      template_id: template.id,
      records: [{ sku: "API-0001" }, { sku: "API-0002" }],
      target: dev.sn,
    };

    // refused, nothing queued
    const other = await printApiUser(rig.s.base, "apiother", { ...sku, templateName: "Theirs" });
    const theirs = other.template;
    const refusals: [unknown, string][] = [
      [{ ...good, template_id: theirs.id }, "does not exist or has been deleted"],
      [{ ...good, target: "INKNOTMINE" }, "printing device does not exist"],
      [{ ...good, records: [] }, "records must be a list"],
      [{ ...good, records: "sku" }, "records must be a list"],
      [
        { ...good, records: Array.from({ length: MAX_API_RECORDS + 1 }, () => ({ sku: "x" })) },
        "records must be",
      ],
      [{ ...good, records: [{ sku: { a: 1 } }] }, "Record 1 must be an object"],
      [{ ...good, copies: 0 }, "copies must be"],
      [
        { ...good, records: Array.from({ length: 30 }, () => ({ sku: "x" })), copies: 100 },
        "At most 2000 labels",
      ],
      ["{not json", "not valid JSON"],
    ];
    for (const [body, msg] of refusals) {
      const r = await call("/api/v1/print", body);
      expect(r.body.code, msg).toBe(209);
      expect(r.body.msg).toContain(msg);
    }
    const scoped = await createToken(client, "ro", ["templates:read"]);
    expect((await call("/api/v1/print", good, { token: scoped })).status).toBe(403);
    const huge = await call("/api/v1/print", { ...good, pad: "x".repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(await jobCount()).toBe(0);

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
          widthMm: 60,
          heightMm: 30,
        },
      ],
      { wait: 5000 },
    );
    await rig.cloud.online;
    const printed = rig.printer.nextJob();
    const r = await call("/api/v1/print", good);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ status: "drawing", labels: 2 });
    const job = decodeTspl(await printed);
    expect(job.pages).toHaveLength(2);
    const read = await Promise.all(
      job.pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
    );
    expect(read).toEqual(["API-0001", "API-0002"]);

    // the job's state, until the device reports it printed
    const path = `/api/v1/jobs/${r.body.data.job_id}`;
    let state = await call(path);
    while (state.body.data?.status !== "done") {
      expect(["drawing", "queued", "sent", "printing"]).toContain(state.body.data?.status);
      await new Promise((ok) => setTimeout(ok, 100));
      state = await call(path);
    }
    expect(state.body.data).toMatchObject({
      job_id: r.body.data.job_id,
      target: dev.sn,
      labels: 2,
      copies: 1,
    });
    // another user's token does not see it
    expect((await call(path, undefined, { token: other.token })).status).toBe(404);
  }, 180_000);

  it("draws the labels in the raster workers, after the request is answered", async () => {
    const {
      template,
      dev,
      call: reply,
    } = await printApiUser(rig.s.base, "apidraw", {
      ...sku,
      deviceName: "Bench",
    });
    const call = async (path: string, body?: unknown) => (await reply(path, body)).body;
    const pool = await sharedRasterPool();
    expect(pool).not.toBeNull();
    const before = pool?.answered ?? 0;
    const skus = ["DRAW-1", "DRAW-2", "DRAW-3"];
    const r = await call("/api/v1/print", {
      template_id: template.id,
      records: skus.map((sku) => ({ sku })),
      target: dev.sn,
    });
    // answered before the labels exist: the job lists them, no device may take it yet
    expect(r).toMatchObject({ code: 200, data: { status: "drawing", labels: 3 } });
    let state = await call(`/api/v1/jobs/${r.data.job_id}`);
    while (state.data.status === "drawing") {
      await new Promise((ok) => setTimeout(ok, 50));
      state = await call(`/api/v1/jobs/${r.data.job_id}`);
    }
    expect(state.data).toMatchObject({ status: "queued", labels: 3 });
    // the workers drew them
    expect(pool?.answered ?? 0).toBeGreaterThan(before);
    // and the device gets the three labels, in order, their barcodes the records' values
    const job = await takeJob(rig.s.app.services.db, rig.s.app.services.files, dev.sn);
    expect(job?.id).toBe(r.data.job_id);
    const read = await Promise.all(
      (job?.order ?? []).map(async (i) => {
        const png = decodePng(new Uint8Array(Buffer.from(job?.images[i] ?? "", "base64"))) as Pixels;
        return (await decode(png, { formats: ["Code128"] }))[0]?.text ?? "";
      }),
    );
    expect(read).toEqual(skus);
  }, 120_000);
});
