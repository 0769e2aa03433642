// The print API as other software uses it (issue 39): in Chromium the user creates a print token
// and a webhook in the personal centre (the secrets shown once); the label template is in the user's
// cloud templates. A plain HTTP client then prints 3 records through a cloud device and 3 through a
// printer of a paired print assistant (its durable queue), each to its own fake TSPL printer: the
// printed barcodes read the records in order and both jobs end done. The same request replayed with
// its Idempotency-Key answers the first job and prints nothing more; the receiver started here got
// both jobs' `job.done`, signed with the secret the page showed; the token revoked in the page is
// refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import type { RunningAssistant } from "../../src/assistant/server";
import { serializeLabelFile } from "../../src/model/file";
import { decode } from "../../tests/codes/support/zxing";
import { assistantWithPrinter } from "../../tests/print/support/assistantRig";
import { decodeTspl, toRgba } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { skuLabel } from "../../tests/print/support/label";
import { tokenApi } from "../../tests/print/support/tokenApi";
import {
  apiData,
  appUrl,
  launchBrowser,
  type RunningApp,
  saveTemplateAs,
  screenshot,
  signedInPage,
  startApp,
  until,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let receiver: Server;
/** the deliveries the webhook receiver got */
const heard: { headers: IncomingHttpHeaders; body: string }[] = [];
/** the cloud device's printer and the assistant's printer */
let shelfPrinter: FakePrinter;
let dockPrinter: FakePrinter;
let assistant: RunningAssistant | null = null;
const clouds: CloudClient[] = [];
const queueDir = mkdtempSync(join(tmpdir(), "inkless-api-print-e2e-"));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      heard.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end("ok");
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  const port = (receiver.address() as AddressInfo).port;
  [shelfPrinter, dockPrinter] = await Promise.all([startFakePrinter(), startFakePrinter()]);
  [app, browser] = await Promise.all([
    startApp({ INKLESS_WEBHOOK_TEST_HOSTS: `127.0.0.1:${port}` }),
    launchBrowser(),
  ]);
}, 300_000);

afterAll(async () => {
  for (const c of clouds) await c.close();
  await assistant?.close();
  await browser?.close();
  await app?.stop();
  await shelfPrinter?.close();
  await dockPrinter?.close();
  await new Promise((ok) => receiver?.close(ok));
  rmSync(queueDir, { recursive: true, force: true });
});

/** The Code 128 values of the labels a fake printer printed, in order. */
async function printedValues(printer: FakePrinter): Promise<string[]> {
  const pages = printer.printed.flatMap((b) => decodeTspl(b).pages);
  return Promise.all(
    pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
  );
}

/** The webhook signature a receiver expects for a delivery (docs/api.md "Webhooks"). */
function signatureOk(secret: string, h: { headers: IncomingHttpHeaders; body: string }): boolean {
  const ts = String(h.headers["x-inkless-timestamp"]);
  const want = Buffer.from(`sha256=${createHmac("sha256", secret).update(`${ts}.${h.body}`).digest("hex")}`);
  const got = Buffer.from(String(h.headers["x-inkless-signature"]));
  return got.length === want.length && timingSafeEqual(got, want);
}

describe("the print API from other software", () => {
  it("prints through a cloud device and an assistant's printer, once per key, signed webhooks, revoked token refused", async () => {
    const { page, context } = await signedInPage(browser, app.baseUrl);
    await page.goto(appUrl(app.baseUrl, "/user"));

    // what the user has: the template in the cloud templates, a cloud device and an assistant
    // linked as a cloud device (made by the app's own calls)
    const template = await saveTemplateAs(page, {
      name: "SKU label",
      file: serializeLabelFile(skuLabel(), "tprt"),
      width: 60,
      height: 30,
    });
    const [shelf, desk] = [
      await apiData(page, "/api/device/bind", { name: "Shelf" }),
      await apiData(page, "/api/device/bind", { name: "Packing desk" }),
    ];
    const setup = {
      templateId: template.id as string,
      shelf: { sn: shelf.sn as string, key: shelf.key as string },
      desk: { sn: desk.sn as string, key: desk.key as string },
    };

    // the token: named, allowed to print and read templates, its secret shown once
    const tokens = page.getByTestId("user-api");
    await tokens.getByText(t["app.user.api.none"]).waitFor();
    await tokens.getByLabel(t["app.user.api.name"]).fill("Order system");
    await tokens.getByLabel(t["app.user.api.scopePrint"]).check();
    await tokens.getByLabel(t["app.user.api.scopeTemplates"]).check();
    await tokens.getByLabel(t["app.user.api.expiry"]).selectOption("30");
    await tokens.getByRole("button", { name: t["app.user.api.create"] }).click();
    const tokenBox = tokens.getByLabel(t["app.user.api.secret"]);
    await tokenBox.waitFor();
    const token = await tokenBox.inputValue();
    expect(token).toMatch(/^ink_/);
    await tokens.getByTestId("user-api-list").getByText("Order system").waitFor();
    await screenshot(page, "api-print-token");

    // the webhook to the receiver, its signing secret shown once
    const hooks = page.getByTestId("user-webhook");
    await hooks
      .getByLabel(t["app.user.webhook.url"])
      .fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/inkless`);
    await hooks.getByRole("button", { name: t["app.user.webhook.save"] }).click();
    const hookBox = hooks.getByLabel(t["app.user.webhook.secret"]);
    await hookBox.waitFor();
    const hookSecret = await hookBox.inputValue();
    expect(hookSecret).toMatch(/^whsec_/);
    await screenshot(page, "api-print-webhook");

    // the devices come online: the cloud device prints to its printer, the assistant lists its
    // network printer and prints the API's jobs through its durable queue
    clouds.push(
      startCloudClient(
        { server: app.baseUrl, sn: setup.shelf.sn, key: setup.shelf.key, printer: "Shelf" },
        [
          {
            name: "Shelf",
            host: "127.0.0.1",
            port: shelfPrinter.port,
            language: "TSPL",
            dpi: 203,
            settings: { gapMm: 2 },
            widthMm: 60,
            heightMm: 30,
          },
        ],
        { wait: 2000 },
      ),
    );
    const a = await assistantWithPrinter(dockPrinter, "Dock", "TSPL", { queueDir, listCups: async () => [] });
    assistant = a;
    clouds.push(
      startCloudClient(
        { server: app.baseUrl, sn: setup.desk.sn, key: setup.desk.key, printer: "Dock" },
        () => a.store.printers,
        { wait: 2000, queue: a.service },
      ),
    );
    await Promise.all(clouds.map((c) => c.online));

    // a plain HTTP client with the token
    const call = tokenApi(app.baseUrl, token);
    const api = (path: string, init: { body?: string; key?: string } = {}) =>
      call(`/api/v1${path}`, init.body, init.key ? { headers: { "idempotency-key": init.key } } : {});
    // the token reads the templates: the saved one is there
    const listed = await api("/templates");
    expect(listed.body.code).toBe(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toContain(setup.templateId);

    const shelfSkus = ["SHELF-001", "SHELF-002", "SHELF-003"];
    const dockSkus = ["DOCK-001", "DOCK-002", "DOCK-003"];
    const shelfRequest = JSON.stringify({
      template_id: setup.templateId,
      records: shelfSkus.map((sku) => ({ sku })),
      target: setup.shelf.sn,
    });
    const viaShelf = await api("/print", { body: shelfRequest, key: "order-1001" });
    expect(viaShelf.body).toMatchObject({ code: 200, data: { status: "drawing", labels: 3 } });
    const viaDock = await api("/print", {
      body: JSON.stringify({
        template_id: setup.templateId,
        records: dockSkus.map((sku) => ({ sku })),
        target: { assistant: setup.desk.sn, printer: "Dock" },
      }),
    });
    expect(viaDock.body).toMatchObject({ code: 200, data: { status: "queued", labels: 3 } });

    /** the job's state, polled until it ended */
    const ended = async (id: string) => {
      for (;;) {
        const r = await api(`/jobs/${id}`);
        if (r.body.code !== 200) throw new Error(`job ${id}: ${JSON.stringify(r.body)}`);
        const state = r.body.data;
        if (["done", "failed", "cancelled"].includes(state.status)) return state;
        await new Promise((ok) => setTimeout(ok, 100));
      }
    };
    const [shelfJob, dockJob] = await Promise.all([
      ended(viaShelf.body.data.job_id),
      ended(viaDock.body.data.job_id),
    ]);
    expect(shelfJob).toMatchObject({ status: "done", labels: 3, target: setup.shelf.sn });
    expect(dockJob).toMatchObject({
      status: "done",
      labels: 3,
      printed: 3,
      target: { assistant: setup.desk.sn, printer: "Dock" },
    });
    await until(() => shelfPrinter.printed.length >= 3 && dockPrinter.printed.length >= 3, 30_000);
    expect(await printedValues(shelfPrinter)).toEqual(shelfSkus);
    expect(await printedValues(dockPrinter)).toEqual(dockSkus);

    // the same request with its key: the first answer again, no second job, nothing printed
    const replay = await api("/print", { body: shelfRequest, key: "order-1001" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.job_id).toBe(viaShelf.body.data.job_id);
    const deviceJobs = await page.evaluate(async (sn) => {
      const r = await fetch("/interface/api/device/jobs", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sn }),
      });
      return (await r.json()).data as { id: string }[];
    }, setup.shelf.sn);
    expect(deviceJobs.map((j) => j.id)).toEqual([viaShelf.body.data.job_id]);

    // the receiver heard both jobs end, signed with the secret the page showed once
    const events = () =>
      heard.map((h) => ({ h, event: JSON.parse(h.body) as { event: string; data: { job_id: string } } }));
    const jobIds = [viaShelf.body.data.job_id, viaDock.body.data.job_id];
    await until(() => jobIds.every((id) => events().some((e) => e.event.data.job_id === id)), 60_000);
    for (const id of jobIds) {
      const got = events().filter((e) => e.event.data.job_id === id);
      expect(got.map((e) => e.event.event)).toEqual(["job.done"]);
      expect(got[0].h.headers["x-inkless-event"]).toBe("job.done");
      expect(signatureOk(hookSecret, got[0].h)).toBe(true);
      expect(got[0].event.data).toMatchObject({ status: "done", labels: 3 });
      const age = Date.now() / 1000 - Number(got[0].h.headers["x-inkless-timestamp"]);
      expect(age).toBeLessThan(300);
    }
    // a wrong secret does not verify: the check above is a real one
    expect(signatureOk(`${hookSecret}x`, heard[0])).toBe(false);

    // revoked in the page: the next call is refused
    await tokens
      .getByTestId("user-api-list")
      .getByRole("button", { name: t["app.user.api.revokeNamed"].replace("{{name}}", "Order system") })
      .click();
    await tokens.getByText(t["app.user.api.none"]).waitFor();
    expect((await api("/print", { body: shelfRequest, key: "order-1002" })).status).toBe(401);
    expect((await api(`/jobs/${viaShelf.body.data.job_id}`)).status).toBe(401);

    // after all that, each printer printed its 3 labels and nothing more
    expect(shelfPrinter.printed).toHaveLength(3);
    expect(dockPrinter.printed).toHaveLength(3);
    await context.close();
  }, 300_000);
});
