// The print API on a printer of a paired print assistant (issue 39; docs/api.md "Print API"): the
// real assistant (its durable queue on disk) linked to the server as a cloud device, and the fake
// TSPL printer. A job of 3 records posted while the assistant is stopped waits (queued); once the
// assistant is back it is delivered into the assistant's queue, printed (the printed barcodes read
// the 3 records, in order) and the API's job ends done with 3 labels; the counter numbers are used.
// A delivery repeated after a restart (the acknowledgement lost) prints nothing again.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import { queueKeyOf } from "../../src/assistant/cloudQueue";
import type { RunningAssistant } from "../../src/assistant/server";
import { decode } from "../codes/support/zxing";
import { assistantWithPrinter } from "./support/assistantRig";
import { useCloudRig } from "./support/cloudRig";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { skuLabel } from "./support/label";
import { printApiUser } from "./support/printApi";

describe("the print API on a printer of a print assistant", () => {
  const rig = useCloudRig();

  it("queues the job in the assistant's durable queue, prints it once and reports it done", async () => {
    const { template, dev, call } = await printApiUser(rig.s.base, "apiassist", {
      label: skuLabel(),
      templateName: "SKU label",
      deviceName: "Packing desk",
    });
    const db = rig.s.app.services.db;

    const queueDir = mkdtempSync(join(tmpdir(), "inkless-api-queue-"));
    let assistant: RunningAssistant | null = null;
    let cloud: CloudClient | null = null;
    const start = async () => {
      const a = await assistantWithPrinter(rig.printer, "Dock", "TSPL", {
        queueDir,
        queuePollMs: 2,
        faultPollMs: 20,
      });
      assistant = a;
      cloud = startCloudClient(
        { server: rig.s.base, sn: dev.sn, key: dev.key, printer: "Dock" },
        () => a.store.printers,
        { wait: 1000, queue: a.service },
      );
      await cloud.online;
      return a;
    };
    const stop = async () => {
      await cloud?.close();
      await assistant?.close();
    };
    // the assistant lists its printers on its first poll, then stops: the job waits for it
    await start();
    await stop();

    const skus = ["ASSIST-001", "ASSIST-002", "ASSIST-003"];
    const from = rig.printer.printed.length;
    const r = await call("/api/v1/print", {
      template_id: template.id,
      records: skus.map((sku) => ({ sku })),
      target: { assistant: dev.sn, printer: "Dock" },
    });
    expect(r.body).toMatchObject({ code: 200, data: { status: "queued", labels: 3 } });
    const path = `/api/v1/jobs/${r.body.data.job_id}`;
    expect((await call(path)).body.data).toMatchObject({
      status: "queued",
      target: { assistant: dev.sn, printer: "Dock" },
      labels: 3,
      printed: 0,
    });

    // the assistant comes back: the job joins its queue (keyed by the job's id) and prints
    const a = await start();
    let state = await call(path);
    while (state.body.data.status !== "done") {
      expect(["queued", "printing"]).toContain(state.body.data.status);
      await new Promise((ok) => setTimeout(ok, 100));
      state = await call(path);
    }
    expect(state.body.data).toMatchObject({ status: "done", labels: 3, printed: 3, copies: 1 });
    const key = queueKeyOf(r.body.data.job_id) as string;
    expect(a.service.queue.job(key)).toMatchObject({ state: "done", printed: 3, total: 3 });
    const pages = rig.printer.printed.slice(from).flatMap((b) => decodeTspl(b).pages);
    const read = await Promise.all(
      pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
    );
    expect(read).toEqual(skus);

    // the job is delivered again after a restart (as if the assistant had stopped before its
    // acknowledgement reached the server): its queue knows the key, nothing prints twice
    await stop();
    await db.query("UPDATE print_jobs SET status = 'queued', done_at = NULL WHERE id = $1", [
      r.body.data.job_id,
    ]);
    const again = await start();
    state = await call(path);
    while (state.body.data.status !== "done") {
      await new Promise((ok) => setTimeout(ok, 100));
      state = await call(path);
    }
    expect(state.body.data).toMatchObject({ status: "done", printed: 3 });
    expect(again.service.queue.list().filter((j) => j.id === key)).toHaveLength(1);
    expect(rig.printer.printed.length - from).toBe(3);

    // a job stopped by a fault shows paused and why; cancelled through the API, it leaves the
    // assistant's queue at its next poll and ends cancelled with the labels printed until then
    rig.printer.state.paperOutAt = rig.printer.printed.length + 2;
    const second = await call("/api/v1/print", {
      template_id: template.id,
      records: skus.map((sku) => ({ sku })),
      target: { assistant: dev.sn, printer: "Dock" },
    });
    const path2 = `/api/v1/jobs/${second.body.data.job_id}`;
    const key2 = queueKeyOf(second.body.data.job_id) as string;
    let paused = await call(path2);
    while (paused.body.data.status !== "paused") {
      expect(["queued", "printing"]).toContain(paused.body.data.status);
      await new Promise((ok) => setTimeout(ok, 100));
      paused = await call(path2);
    }
    expect(paused.body.data).toMatchObject({ reason: "paperOut" });
    expect(again.service.queue.job(key2)).toMatchObject({ state: "paused", reason: "paperOut" });
    const cancel = await call(`${path2}/cancel`, {});
    expect(cancel.body.data).toMatchObject({ status: "paused", cancelling: true });
    let ended = await call(path2);
    while (ended.body.data.status !== "cancelled") {
      await new Promise((ok) => setTimeout(ok, 100));
      ended = await call(path2);
    }
    const left = again.service.queue.job(key2);
    expect(left?.state).toBe("cancelled");
    expect(ended.body.data.printed).toBe(left?.printed);
    expect(ended.body.data.printed).toBeLessThan(3);
    rig.printer.state.paperOut = false;
    await stop();
  }, 180_000);
});
