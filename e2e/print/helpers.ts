// Shared setup of the print specs: fake network printers, a real print assistant that knows them,
// the app, a browser and a signed-in editor page that talks to that assistant; plus the steps the
// specs repeat (a 3-record sequence, the print dialog, the record-selection dialog).
import type { Browser, Locator, Page } from "playwright-core";
import en from "../../locales/en.json";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { createDataSource } from "../../src/model/defaults";
import type { PrinterLanguage } from "../../src/print/job";
import type { SendAs } from "../../src/print/settings";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { launchBrowser, openSignedInEditor, type RunningApp, startApp, type TestUser } from "../support";

export const t = en as Record<string, string>;

export interface PrintRig {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly page: Page;
  /** fake printers by name */
  readonly printers: ReadonlyMap<string, FakePrinter>;
  /** null when the rig was started without `assistant` */
  readonly assistant: RunningAssistant | null;
  close(): Promise<void>;
}

export interface RigOptions {
  /** fake network printers to start (name → language) */
  readonly printers?: Readonly<Record<string, PrinterLanguage>>;
  /** the labels a printer is set up for (name → mm), as its settings say */
  readonly stock?: Readonly<Record<string, { widthMm: number; heightMm: number }>>;
  /** how a printer gets labels (name → send as; default automatic: docs/printing.md "Send as") */
  readonly sendAs?: Readonly<Record<string, SendAs>>;
  /** start a print assistant that knows the printers (default true) */
  readonly assistant?: boolean;
  /** editor query (default ?labelStatus=add&inspect=1: the store hook for sequences) */
  readonly query?: string;
  /** runs in every frame before its scripts (e.g. to catch window.print) */
  readonly initScript?: () => void;
  /** the server's environment (e.g. INKLESS_MEMBERS) */
  readonly env?: Readonly<Record<string, string>>;
  /** extra Chromium switches */
  readonly browserArgs?: readonly string[];
  /** the account registered and signed in (default: a new random one) */
  readonly user?: TestUser;
  /** how often the assistant's queue asks a printer with a fault (default 2 s; long: only Resume
   * goes on) */
  readonly faultPollMs?: number;
}

export async function startPrintRig(opts: RigOptions = {}): Promise<PrintRig> {
  const printers = new Map<string, FakePrinter>();
  for (const name of Object.keys(opts.printers ?? {})) printers.set(name, await startFakePrinter());
  const [app, browser] = await Promise.all([startApp({ ...opts.env }), launchBrowser(opts.browserArgs)]);
  const assistant =
    opts.assistant === false
      ? null
      : await startAssistant(
          {
            host: "127.0.0.1",
            port: 0,
            cups: false,
            // the app's own origin, as a user configures it (any other page gets 403)
            origins: [new URL(app.baseUrl).origin],
            printers: Object.entries(opts.printers ?? {}).map(([name, language]) => ({
              name,
              host: "127.0.0.1",
              port: printers.get(name)?.port ?? 0,
              language,
              dpi: 203,
              ...opts.stock?.[name],
              ...(opts.sendAs?.[name] ? { settings: { sendAs: opts.sendAs[name] } } : {}),
            })),
          },
          { listCups: async () => [], faultPollMs: opts.faultPollMs },
        );
  const { initScript } = opts;
  const { page } = await openSignedInEditor(browser, app.baseUrl, {
    query: opts.query ?? "?labelStatus=add&inspect=1",
    user: opts.user,
    prepare: async (context) => initScript && context.addInitScript(initScript),
  });
  // the print dialog reads the assistant's address when it opens
  if (assistant)
    await page.evaluate(
      (url) => localStorage.setItem("inkless.assistantUrl", url),
      `ws://127.0.0.1:${assistant.port}`,
    );
  return {
    app,
    browser,
    page,
    printers,
    assistant,
    async close() {
      await browser.close();
      await app.stop();
      await assistant?.close();
      for (const p of printers.values()) await p.close();
    },
  };
}

/** Makes a text element a sequence of `n` records ("A-001", "A-002", …) through the store hook. */
export async function makeSequence(page: Page, textId: string, n: number): Promise<void> {
  const seq = createDataSource({
    DataSourceType: 2,
    InitialValue: "A-001",
    FirstValue: "A-001",
    Quantity: n,
  });
  await page.evaluate(
    ({ textId, seq }) => {
      type Store = {
        get(): { doc: { elements: { Id: string }[] } };
        send(e: unknown): void;
      };
      const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
      if (!store.get().doc.elements.some((e) => e.Id === textId)) throw new Error("no text element");
      store.send({ type: "element.update", id: textId, kind: "Text", patch: { DataSourceList: [seq] } });
    },
    { textId, seq },
  );
}

/** Opens the print dialog from the top bar's Print button (which saves first). */
export async function openPrintDialog(page: Page): Promise<Locator> {
  await page.getByTestId("print-open").click();
  const dialog = page.getByTestId("print-dialog");
  await dialog.waitFor();
  return dialog;
}

/** The record-selection dialog's checkbox and copies box of record `n` (1-based). */
export function recordRow(records: Locator, n: number) {
  return {
    check: records.getByRole("checkbox", { name: t["print.records.row"].replace("{{n}}", String(n)) }),
    copies: records.getByRole("textbox", { name: t["print.records.copies"].replace("{{n}}", String(n)) }),
  };
}

/** Chooses records in the record-selection dialog: record n (1-based) → copies, absent → left out. */
export async function chooseRecords(page: Page, copies: Readonly<Record<number, number>>): Promise<void> {
  const dialog = page.getByTestId("print-dialog");
  await dialog.getByRole("button", { name: t["print.dialog.choose"] }).click();
  const records = page.getByTestId("print-records");
  await records.waitFor();
  await records.getByRole("checkbox", { name: t["print.records.all"] }).uncheck();
  for (const [n, c] of Object.entries(copies)) {
    const row = recordRow(records, Number(n));
    await row.check.check();
    await row.copies.fill(String(c));
  }
  await records.getByRole("button", { name: t["print.dialog.confirm"] }).click();
  await records.waitFor({ state: "detached" });
}

/** Picks a printer once the list has loaded, confirms, and waits for the dialog to close. */
export async function printTo(page: Page, printer: string | null): Promise<void> {
  const dialog = page.getByTestId("print-dialog");
  const select = page.getByTestId("print-printer");
  if (printer !== null) {
    await select.locator(`option[value="${printer}"]`).waitFor({ state: "attached" });
    await select.selectOption(printer);
  }
  await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
  await dialog.waitFor({ state: "detached", timeout: 60_000 });
}

/** An init script: the browser path ends in the print frame's window.print(); keep its document
 * (in the top window's `inklessPrinted`) instead of printing. */
export const keepPrintedDocs = () => {
  window.print = () => {
    const top = window.top as unknown as { inklessPrinted?: string[] };
    top.inklessPrinted = [...(top.inklessPrinted ?? []), document.documentElement.outerHTML];
  };
};

/** The documents the browser path has printed so far (with `keepPrintedDocs`). */
export const printedDocs = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { inklessPrinted?: string[] }).inklessPrinted ?? []);

/** A printed document printed to PDF by Chromium, as the browser's print dialog would. */
export async function printedPdf(page: Page, html: string): Promise<Buffer> {
  const pdfPage = await page.context().newPage();
  await pdfPage.setContent(html);
  await pdfPage.evaluate(() => document.fonts.ready);
  const pdf = await pdfPage.pdf({ preferCSSPageSize: true, printBackground: true });
  await pdfPage.close();
  return pdf;
}
