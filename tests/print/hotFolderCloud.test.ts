// The hot folder printing a cloud template by id (issue 39; docs/assistant.md "Hot folder"): a real
// server, the real assistant and the fake TSPL printer. A JSON file naming the template's id prints
// its records (the barcodes decoded); a second file with the template unchanged does not fetch it
// again (the server answers 304: the token's audit log shows each call's status); a changed template
// is fetched; another user's template, a token without the scope or without a token at all land in
// failed/ with the reason; with the server stopped the saved copy prints and the result says so,
// and a template never saved fails.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningHotFolder, startHotFolder } from "../../src/assistant/hotFolder/watcher";
import type { RunningAssistant } from "../../src/assistant/server";
import { translate } from "../../src/i18n/messages";
import { serializeLabelFile } from "../../src/model/file";
import type { BarcodeElement, LabelDocument } from "../../src/model/types";
import { decode } from "../codes/support/zxing";
import { addTemplate, type Client, newUser, startServer, type TestServer, upload } from "../server/helpers";
import { assistantWithPrinter } from "./support/assistantRig";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";
import { barcodeSourced, skuLabel } from "./support/label";

let s: TestServer;
let serverStopped = false;
let printer: FakePrinter;
let assistant: RunningAssistant;
const folders: RunningHotFolder[] = [];
/** resolvers waiting for any hot folder's next look */
const onPoll: (() => void)[] = [];
const nextPoll = () => new Promise<void>((ok) => onPoll.push(ok));
const cacheDir = mkdtempSync(join(tmpdir(), "inkless-hot-cloud-cache-"));
let owner: { client: Client; user: { userid: string } };
let templateId: string;

/** A hot folder reading cloud templates from the test server with `token`; its folder. */
function hotFolder(token: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), "inkless-hot-cloud-"));
  folders.push(
    startHotFolder(
      { dir, language: "en", pollMs: 20, server: s.base },
      {
        service: assistant.service,
        log: () => {},
        cloud: { token, cacheDir },
        polled: () => {
          for (const ok of onPoll.splice(0)) ok();
        },
      },
    ),
  );
  return dir;
}

async function appears(path: string): Promise<void> {
  while (!existsSync(path)) await nextPoll();
}

/** The barcodes of the labels printed since `from`. */
async function printedCodes(from: number): Promise<string[]> {
  const pages = printer.printed.slice(from).flatMap((b) => decodeTspl(b).pages);
  return Promise.all(
    pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
  );
}

const job = (template: string, skus: string[]) =>
  JSON.stringify({ template, printer: "Dock", records: skus.map((sku) => ({ sku })) });
const text = (path: string) => readFileSync(path, "utf8").trim();
/** The data source of the label's barcode. */
const skuBarcodeSource = (doc: LabelDocument) =>
  (doc.elements.find((e) => e.Type === "Barcode") as BarcodeElement).DataSourceList[0];
/** The statuses of the owner's token calls, oldest first. */
const audit = async () =>
  ((await owner.client.call("/api/token/audit", {})).body.data as { status: number }[])
    .map((a) => a.status)
    .reverse();

beforeAll(async () => {
  s = await startServer({ name: "pglite" });
  printer = await startFakePrinter();
  assistant = await assistantWithPrinter(printer, "Dock", "TSPL", {
    queueDir: mkdtempSync(join(tmpdir(), "inkless-hot-cloud-queue-")),
    queuePollMs: 2,
    faultPollMs: 20,
  });
  owner = await newUser(s.base, "hot");
  const label = new TextDecoder().decode(serializeLabelFile(skuLabel(), "tprt"));
  templateId = (await addTemplate(owner.client, owner.user.userid, "Bin tag", { file: label })).id;
}, 120_000);

afterAll(async () => {
  for (const f of folders) await f.close();
  await assistant?.close();
  await printer?.close();
  if (!serverStopped) await s?.close();
});

describe("the hot folder with cloud templates", () => {
  let dir: string;
  let token: string;

  it("prints a cloud template named by id, fetches it once while unchanged, and again once changed", async () => {
    token = (
      await owner.client.call("/api/token/create", { name: "hot", scopes: ["templates:read"], days: 7 })
    ).body.data.token;
    dir = hotFolder(token);
    let before = printer.printed.length;
    writeFileSync(join(dir, "first.json"), job(templateId, ["CL-0001", "CL-0002"]));
    await appears(join(dir, "done", "first.json"));
    expect(await printedCodes(before)).toEqual(["CL-0001", "CL-0002"]);
    expect(text(join(dir, "done", "first.json.result.txt"))).toBe(
      translate("print.hotFolder.cloudPrinted", { name: "Bin tag", version: 1 }, "en"),
    );
    expect(await audit()).toEqual([200]);
    // the saved copy is the owner's alone
    const saved = readdirSync(cacheDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".json"));
    expect(saved).toHaveLength(1);
    expect(statSync(join(cacheDir, saved[0])).mode & 0o077).toBe(0);

    // unchanged: the server answers 304, nothing is sent again
    before = printer.printed.length;
    writeFileSync(join(dir, "second.json"), job(templateId, ["CL-0003"]));
    await appears(join(dir, "done", "second.json"));
    expect(await printedCodes(before)).toEqual(["CL-0003"]);
    expect(await audit()).toEqual([200, 304]);

    // changed: a new version (its barcode reads another column) is fetched and printed
    const doc = skuLabel();
    const changed = barcodeSourced({ ...skuBarcodeSource(doc), ColumnName: "code" });
    const now = (await owner.client.call("/api/tem.app_public/getTemplateVersions", { id: templateId })).body
      .data[0].file_web;
    const url = (
      await upload(
        owner.client,
        `${owner.user.userid}/tprt/t/v2.tprt`,
        serializeLabelFile(changed, "tprt"),
        "v2.tprt",
      )
    ).body.data.url;
    const edit = await owner.client.call("/api/tem.app_public/editUserTemplate", {
      id: templateId,
      name: "Bin tag",
      width: doc.attrs.width,
      height: doc.attrs.height,
      url,
      base_file: now,
    });
    expect(edit.body.code).toBe(200);
    before = printer.printed.length;
    writeFileSync(
      join(dir, "third.json"),
      JSON.stringify({ template: templateId, printer: "Dock", records: [{ sku: "OLD", code: "CL-0200" }] }),
    );
    await appears(join(dir, "done", "third.json"));
    expect(await printedCodes(before)).toEqual(["CL-0200"]);
    expect(text(join(dir, "done", "third.json.result.txt"))).toContain("version 2");
    expect(await audit()).toEqual([200, 304, 200]);
  }, 120_000);

  it("moves another user's template, a token without the scope and no token to failed/ with the reason", async () => {
    const other = await newUser(s.base, "hot2");
    const theirs = (await addTemplate(other.client, other.user.userid, "Theirs")).id;
    const before = printer.printed.length;
    writeFileSync(join(dir, "theirs.json"), job(theirs, ["X-1"]));
    await appears(join(dir, "failed", "theirs.json.reason.txt"));
    expect(text(join(dir, "failed", "theirs.json.reason.txt"))).toBe(
      translate("print.hotFolder.cloudNotFound", { id: theirs }, "en"),
    );

    const printOnly = (
      await owner.client.call("/api/token/create", { name: "p", scopes: ["print"], days: 7 })
    ).body.data.token;
    const noScope = hotFolder(printOnly);
    writeFileSync(join(noScope, "scope.json"), job(templateId, ["X-2"]));
    await appears(join(noScope, "failed", "scope.json.reason.txt"));
    expect(text(join(noScope, "failed", "scope.json.reason.txt"))).toBe(
      translate("print.hotFolder.cloudScope", {}, "en"),
    );

    const noToken = hotFolder(null);
    // in the job's language
    writeFileSync(
      join(noToken, "none.json"),
      JSON.stringify({ template: templateId, printer: "Dock", language: "es", records: [{ sku: "X-3" }] }),
    );
    await appears(join(noToken, "failed", "none.json.reason.txt"));
    expect(text(join(noToken, "failed", "none.json.reason.txt"))).toBe(
      translate("print.hotFolder.cloudNoToken", { id: templateId }, "es"),
    );
    expect(printer.printed.length).toBe(before);
  }, 120_000);

  it("prints the saved copy when the server cannot be reached, and says so; fails a template never saved", async () => {
    const unseen = (await addTemplate(owner.client, owner.user.userid, "Unseen")).id;
    await s.close();
    serverStopped = true;
    const before = printer.printed.length;
    writeFileSync(join(dir, "offline.json"), job(templateId, ["IGNORED"]).replace('"sku"', '"code"'));
    await appears(join(dir, "done", "offline.json"));
    expect(await printedCodes(before)).toEqual(["IGNORED"]);
    const result = text(join(dir, "done", "offline.json.result.txt"));
    expect(result).toMatch(
      new RegExp(
        `^Printed with the copy of the cloud template “Bin tag”, version 2, saved on this computer: the server ${s.base} could not be reached \\(.+\\)$`,
      ),
    );

    writeFileSync(join(dir, "unseen.json"), job(unseen, ["X-4"]));
    await appears(join(dir, "failed", "unseen.json.reason.txt"));
    expect(text(join(dir, "failed", "unseen.json.reason.txt"))).toContain(
      `The server ${s.base} could not be reached and this computer has no saved copy of template ${unseen}`,
    );
  }, 120_000);
});
