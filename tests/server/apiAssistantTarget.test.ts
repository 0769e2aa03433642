// The print API's assistant target (issue 39; docs/api.md "Print API"): `{ assistant, printer }`
// names a printer of a print assistant linked to the caller's space. Refused with a translated
// reason and nothing stored: a malformed target (400), an assistant that is not the caller's or does
// not exist (404, the same answer), one that never listed its printers and a printer it does not
// list (422). An accepted job hands the assistant's poll the print request (the records as the
// label's spreadsheet, the counter numbers reserved), follows the states the assistant reports,
// settles its counter numbers when it ends, and a cancel through the API reaches the assistant's
// next poll.
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { deviceCall } from "../print/support/device";
import { counterLabel } from "../print/support/label";
import { printApiOf } from "../print/support/printApi";
import { ENGINES, newUser, startServer } from "./helpers";

describe.each(ENGINES)("the print API's assistant target on $name", (engine) => {
  it("refuses what is not the caller's printer, queues the job for the assistant and follows it", async () => {
    // the user's webhook: the bodies it hears
    const heard: string[] = [];
    const hook = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        heard.push(Buffer.concat(chunks).toString("utf8"));
        res.end("ok");
      });
    });
    await new Promise<void>((ok) => hook.listen(0, "127.0.0.1", ok));
    const hookAt = `127.0.0.1:${(hook.address() as AddressInfo).port}`;
    const s = await startServer(engine, { webhookTestHosts: [hookAt], webhookRetryMs: 20 });
    try {
      const { client, user } = await newUser(s.base, "asstgt");
      const counter = (
        await client.call("/api/counter/create", { name: "Serial", start: 1, width: 4, prefix: "SN" })
      ).body.data;
      const { template, dev, call } = await printApiOf(client, user.userid, {
        label: counterLabel(counter.id),
        templateName: "Serials",
        deviceName: "Desk",
      });
      expect((await client.call("/api/webhook/save", { url: `http://${hookAt}/hook` })).body.code).toBe(200);
      const other = await newUser(s.base, "asstgt2");
      const theirs = (await other.client.call("/api/device/bind", { name: "Theirs" })).body.data;
      const api = (path: string, body?: unknown, lang = "en") =>
        call(path, body, { headers: { language: lang } });
      const device = (path: string, d: { sn: string; key: string }, body: Record<string, unknown>) =>
        deviceCall(s.base, path, { sn: d.sn, key: d.key, ...body });
      const { db } = s.app.services;
      const jobCount = async () =>
        (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM print_jobs"))[0].n;
      const print = (target: unknown, lang = "en") =>
        api("/api/v1/print", { template_id: template.id, records: [{}, {}, {}], target }, lang);
      const t = (key: string, vars: Record<string, string> = {}, lang: "en" | "zh" = "en") =>
        translate(key, vars, lang);

      // the assistant has not polled since it was bound: it never said which printers it has
      expect(await print({ assistant: dev.sn, printer: "Dock" })).toMatchObject({
        status: 422,
        body: { code: 209, msg: t("server.apiPrint.printersUnknown", { assistant: "Desk" }) },
      });
      // its poll lists its network printers
      for (const d of [dev, theirs])
        expect(await device("/api/device/poll", d, { wait: 0, printers: ["Dock", "Shelf"] })).toMatchObject({
          code: 200,
          data: null,
        });
      const refusals: [unknown, number, string][] = [
        [{ assistant: dev.sn }, 400, t("server.apiPrint.target")],
        [{ assistant: dev.sn, printer: 7 }, 400, t("server.apiPrint.target")],
        [["x"], 400, t("server.apiPrint.target")],
        [{ assistant: "INKNOSUCHONE", printer: "Dock" }, 404, t("server.apiPrint.noAssistant")],
        // another user's assistant reads as one that does not exist
        [{ assistant: theirs.sn, printer: "Dock" }, 404, t("server.apiPrint.noAssistant")],
        [
          { assistant: dev.sn, printer: "Cellar" },
          422,
          t("server.apiPrint.noAssistantPrinter", {
            assistant: "Desk",
            printer: "Cellar",
            printers: "Dock, Shelf",
          }),
        ],
      ];
      for (const [target, status, msg] of refusals) {
        const r = await print(target);
        expect([r.status, r.body.code, r.body.msg], JSON.stringify(target)).toEqual([status, 209, msg]);
      }
      // in the caller's language
      expect((await print({ assistant: theirs.sn, printer: "Dock" }, "zh")).body.msg).toBe(
        t("server.apiPrint.noAssistant", {}, "zh"),
      );
      expect(await jobCount()).toBe(0);
      const reservations = async () =>
        (await client.call("/api/counter/history", { id: counter.id })).body.data as {
          job: string;
          state: string;
        }[];
      expect(await reservations()).toEqual([]);

      // accepted: queued for the assistant; its poll gets the print request
      const ok = await print({ assistant: dev.sn, printer: "Shelf" });
      expect(ok.body).toMatchObject({ code: 200, data: { status: "queued", labels: 3 } });
      const id = ok.body.data.job_id;
      const polled = await device("/api/device/poll", dev, { wait: 0, printers: ["Dock", "Shelf"] });
      expect(polled.data).toMatchObject({
        id,
        kind: "queue",
        printer: "Shelf",
        request: {
          cmd: "outputPrintting",
          printer: "Shelf",
          copies: 1,
          counters: { [counter.id]: ["SN0001", "SN0002", "SN0003"] },
        },
      });
      expect(polled.data.request.records).toEqual([0, 1, 2].map((record) => ({ record, copies: 1 })));
      const job = async () => (await api(`/api/v1/jobs/${id}`)).body.data;
      expect(await job()).toMatchObject({
        status: "queued",
        target: { assistant: dev.sn, printer: "Shelf" },
      });
      // another assistant cannot report on it
      expect((await device("/api/device/progress", theirs, { job_id: id, state: "done" })).code).toBe(209);
      expect((await device("/api/device/ack", dev, { job_id: id })).code).toBe(200);
      const report = (body: Record<string, unknown>) =>
        device("/api/device/progress", dev, { job_id: id, ...body });
      expect((await report({ state: "printing", printed: 1, total: 3 })).code).toBe(200);
      expect(await job()).toMatchObject({ status: "printing", printed: 1 });
      expect((await report({ state: "paused", reason: "paperOut", printed: 2, total: 3 })).code).toBe(200);
      expect(await job()).toMatchObject({ status: "paused", reason: "paperOut", printed: 2 });
      expect((await report({ state: "sideways" })).code).toBe(209);

      // cancelled through the API: marked, the assistant's next poll is told, its report ends it
      const c = await api(`/api/v1/jobs/${id}/cancel`, {});
      expect(c.body).toMatchObject({ code: 200, data: { status: "paused", cancelling: true } });
      expect((await device("/api/device/poll", dev, { wait: 0 })).data).toEqual({ cancel: [id] });
      expect((await report({ state: "cancelled", printed: 2, total: 3 })).code).toBe(200);
      expect(await job()).toMatchObject({ status: "cancelled", printed: 2 });
      expect((await device("/api/device/poll", dev, { wait: 0 })).data).toBeNull();
      // ended: a late report changes nothing; its counter numbers are void
      expect((await report({ state: "done", printed: 3, total: 3 })).code).toBe(209);
      expect((await reservations())[0]).toMatchObject({ job: id, state: "void" });

      // a job that ends done uses its numbers
      const done = (await print({ assistant: dev.sn, printer: "Dock" })).body.data.job_id;
      await device("/api/device/poll", dev, { wait: 0 });
      await device("/api/device/ack", dev, { job_id: done });
      expect(
        (await device("/api/device/progress", dev, { job_id: done, state: "done", printed: 3, total: 3 }))
          .code,
      ).toBe(200);
      expect((await api(`/api/v1/jobs/${done}`)).body.data).toMatchObject({
        status: "done",
        printed: 3,
        labels: 3,
      });
      expect((await reservations())[0]).toMatchObject({ job: done, state: "used" });
      // the webhook hears the ended job as for a cloud device (done; a cancelled job is not an event)
      while (!heard.some((b) => JSON.parse(b).data.job_id === done))
        await new Promise((ok) => setTimeout(ok, 50));
      expect(heard.map((b) => JSON.parse(b))).toEqual([
        expect.objectContaining({
          event: "job.done",
          data: expect.objectContaining({
            job_id: done,
            status: "done",
            printed: 3,
            target: { assistant: dev.sn, printer: "Dock" },
          }),
        }),
      ]);
    } finally {
      await s.close();
      await new Promise((ok) => hook.close(ok));
    }
  }, 120_000);
});
