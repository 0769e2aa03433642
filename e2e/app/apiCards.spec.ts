// The webhook and audit cards of the personal centre (issue 39), as a user sees them: the user
// registers a webhook to a receiver started here, other software prints through the API with a
// token, the cloud device reports the job done; the receiver gets the signed delivery, and the
// webhook card lists it delivered; the audit card lists the token's calls with their answers and
// filters them (token, outcome, path) on the server.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { serializeLabelFile } from "../../src/model/file";
import { deviceCall } from "../../tests/print/support/device";
import { printLabel } from "../../tests/print/support/label";
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
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let receiver: Server;
const heard: { headers: Record<string, unknown>; body: string }[] = [];

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
  [app, browser] = await Promise.all([
    startApp({ INKLESS_WEBHOOK_TEST_HOSTS: `127.0.0.1:${port}` }),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise((ok) => receiver?.close(ok));
});

describe("the webhook and audit cards", () => {
  it("list a delivery of a job printed through the API, and the token's calls", async () => {
    const { page, context } = await signedInPage(browser, app.baseUrl);
    await page.goto(appUrl(app.baseUrl, "/user"));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // what the user has: a template, a cloud device and a print token (made by the app's own calls)
    const template = await saveTemplateAs(page, {
      name: "Box",
      file: serializeLabelFile(printLabel(1), "tprt"),
      width: 60,
      height: 30,
    });
    const device: { sn: string; key: string } = await apiData(page, "/api/device/bind", { name: "Shelf" });
    const { token } = await apiData(page, "/api/token/create", {
      name: "Order system",
      scopes: ["print"],
      days: 7,
    });
    const call = tokenApi(app.baseUrl, token);

    const card = page.getByTestId("user-webhook");
    await card.getByLabel(t["app.user.webhook.url"]).fill(hookUrl);
    await card.getByRole("button", { name: t["app.user.webhook.save"] }).click();
    const secret = await card.getByLabel(t["app.user.webhook.secret"]).inputValue();
    expect(secret).toMatch(/^whsec_/);

    // other software prints; the device takes the job and reports it printed
    const printed = await call("/api/v1/print", {
      template_id: template.id,
      records: [{ x: "1" }],
      target: device.sn,
    });
    expect(printed.body.code).toBe(200);
    const jobId: string = printed.body.data.job_id;
    // refused by the call (no records): recorded with its answer
    const refused = await call("/api/v1/print", { template_id: template.id, records: [], target: device.sn });
    expect(refused.status).toBe(200);
    const asDevice = (path: string, body: Record<string, unknown>) =>
      deviceCall(app.baseUrl, path, { sn: device.sn, key: device.key, ...body });
    // a long poll: the job reaches the device once its labels are drawn
    expect((await asDevice("/api/device/poll", { wait: 25_000 })).data.id).toBe(jobId);
    expect((await asDevice("/api/device/report", { job_id: jobId, ok: true, msg: "" })).code).toBe(200);

    // the receiver hears the job's end, signed with the secret the card showed once
    while (heard.length === 0) await new Promise((ok) => setTimeout(ok, 50));
    const h = heard[0];
    const ts = String(h.headers["x-inkless-timestamp"]);
    expect(h.headers["x-inkless-signature"]).toBe(
      `sha256=${createHmac("sha256", secret).update(`${ts}.${h.body}`).digest("hex")}`,
    );
    expect(JSON.parse(h.body)).toMatchObject({ event: "job.done", data: { job_id: jobId } });

    // the card lists the delivery, delivered (reloaded until the sender has recorded it)
    const row = () =>
      page.getByTestId("user-webhook-deliveries").getByRole("row", { name: new RegExp(jobId) });
    for (;;) {
      await page.reload();
      await page.getByTestId("user-webhook").waitFor();
      if ((await row().count()) && (await row().getByText(t["app.user.webhook.status.delivered"]).count()))
        break;
    }
    await expect(row().getByText("job.done").count()).resolves.toBe(1);

    // the audit card: the accepted print call and the refused one, by the token's name
    const audit = page.getByTestId("user-api-audit");
    await audit.waitFor();
    const rows = audit.getByRole("row", { name: /Order system/ });
    await expect(rows.filter({ hasText: "POST /api/v1/print" }).count()).resolves.toBe(2);
    await audit.getByRole("row", { name: /POST \/api\/v1\/print 209/ }).waitFor();
    await audit.getByRole("row", { name: /POST \/api\/v1\/print 200/ }).waitFor();
    await screenshot(page, "api-webhook-audit-cards");

    // filtered by the server: the refused calls of this token on the print path
    const filter = page.getByRole("form", { name: t["app.user.api.auditFilter"] });
    await filter.getByLabel(t["app.user.api.auditToken"]).selectOption({ label: "Order system" });
    await filter.getByLabel(t["app.user.api.auditStatus"]).selectOption(t["app.user.api.auditStatusRefused"]);
    await filter.getByLabel(t["app.user.api.auditPath"]).fill("v1/print");
    await filter.getByRole("button", { name: t["app.user.api.auditApply"] }).click();
    await page.getByTestId("user-api-audit-page").getByText("(calls: 1)", { exact: false }).waitFor();
    await expect(audit.getByRole("row", { name: /POST \/api\/v1\/print 200/ }).count()).resolves.toBe(0);
    await expect(audit.getByRole("row", { name: /POST \/api\/v1\/print 209/ }).count()).resolves.toBe(1);
    await screenshot(page, "api-audit-filtered");
    await context.close();
  }, 240_000);
});
