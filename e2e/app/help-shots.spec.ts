// The help centre's screenshots (issue 22), made from the real app in each of the five languages, so
// they show what a user of that language sees: the editor with a sample label, the label settings
// dialog, the print dialog, the pairing box of My printer with a code typed, and the print
// assistant's own window on first start, drawn from the lines the assistant writes in that language
// (src/assistant/consoleText.ts; the download page shows these two). Articles show them with `![…](shot:<name>)` (src/help/markdown.ts).
// Each run draws them again into .tmp/help-shots/ and checks that the ones the app serves
// (public/help/shots/<lang>/) exist and have the same size; `INKLESS_UPDATE_SHOTS=1` writes them
// over the served ones, after a change the pictures should show:
//   INKLESS_UPDATE_SHOTS=1 npx vitest run --config vitest.e2e.config.ts e2e/app/help-shots.spec.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decode } from "fast-png";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import { confirmQuestion, pairCodeLine, startLines, windowTitle } from "../../src/assistant/consoleText";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { ASSISTANT_PORT } from "../../src/model/constants";
import { formatPairCode } from "../../src/print/protocol/pairCode";
import { waitForEditor } from "../editor/helpers";
import { openPrintDialog } from "../print/helpers";
import { appUrl, launchBrowser, type RunningApp, signedInPage, startApp, waitForRoute } from "../support";

const LOCALES: Record<string, Record<string, string>> = { en, zh, pt, es, ru };
const SERVED = join(__dirname, "../../public/help/shots");
const DRAWN = join(__dirname, "../../.tmp/help-shots");
const UPDATE = process.env.INKLESS_UPDATE_SHOTS === "1";
const LANGS = [
  ["en", "en-US"],
  ["zh", "zh-CN"],
  ["pt", "pt-BR"],
  ["es", "es-ES"],
  ["ru", "ru-RU"],
] as const;

let app: RunningApp;
let browser: Browser;
/** a print assistant that knows no page yet: My printer shows its pairing box */
let assistant: RunningAssistant;

beforeAll(async () => {
  [app, browser, assistant] = await Promise.all([
    startApp(),
    launchBrowser(),
    startAssistant(
      { host: "127.0.0.1", port: 0, cups: false, origins: [], printers: [] },
      { listCups: async () => [] },
    ),
  ]);
});
afterAll(async () => {
  await assistant?.close();
  await browser?.close();
  await app?.stop();
});

/** The assistant's console window as Windows draws it: a title bar, then its lines in a mono font. */
function consoleWindow(fonts: string, title: string, lines: readonly string[]): string {
  const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<!doctype html><meta charset="utf-8"><style>
    @font-face { font-family: InkMono; src: url(${fonts}/RobotoMono-Regular.ttf); }
    @font-face { font-family: InkSC; src: url(${fonts}/NotoSansSC-Regular.ttf); }
    body { margin: 0; padding: 16px; background: #fff; }
    .window { width: 820px; border: 1px solid #8a8a8a; box-shadow: 0 4px 16px #0003; }
    .title { font: 13px InkSC, sans-serif; padding: 7px 10px; background: #f3f3f3; color: #222; }
    pre { margin: 0; padding: 10px 12px 14px; min-height: 220px; background: #0c0c0c; color: #cccccc;
      font: 14px/1.45 InkMono, InkSC, monospace; white-space: pre-wrap; }
  </style><div class="window"><div class="title">${esc(title)}</div><pre>${lines.map(esc).join("\n")}</pre></div>`;
}

const size = (png: Buffer) => {
  const { width, height } = decode(png);
  return { width, height };
};

/** Keeps a screenshot: drawn into .tmp; served copy replaced when updating, else compared by size. */
function keep(lang: string, name: string, png: Buffer) {
  mkdirSync(join(DRAWN, lang), { recursive: true });
  writeFileSync(join(DRAWN, lang, `${name}.png`), png);
  const served = join(SERVED, lang, `${name}.png`);
  if (UPDATE) {
    mkdirSync(join(SERVED, lang), { recursive: true });
    writeFileSync(served, png);
  }
  expect(size(readFileSync(served)), `${lang}/${name}.png`).toEqual(size(png));
}

describe.each(LANGS)("help screenshots in %s", (lang, locale) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await signedInPage(browser, app.baseUrl, locale));
    // no passing messages ("Saved") in the pictures
    await page.addStyleTag({ content: ".toaster{display:none!important}" });
  });

  it("the editor with a sample label, the label settings and the print dialog", async () => {
    // the sample shelf tag, named in the user's language
    const name = LOCALES[lang]["server.sample.shelfTag"];
    const card = page.locator(".label-card", { has: page.locator(".label-name", { hasText: name }) });
    await card.click();
    await waitForRoute(page, "/editLabel");
    await waitForEditor(page);
    // the sample opens under its name in the library, in the user's language (not its file's)
    await expect
      .poll(async () => (await page.getByTestId("label-name").textContent())?.replace("•", "").trim())
      .toBe(name);
    await page.locator(".ink-label g[data-id]").first().waitFor();
    // no caret or hover state in the picture
    await page.mouse.move(0, 0);
    keep(lang, "editor", await page.screenshot());

    await page.getByTestId("open-label-settings").click();
    const settings = page.getByTestId("label-settings");
    await settings.waitFor();
    keep(lang, "label-settings", await settings.screenshot());
    await page.keyboard.press("Escape");
    await settings.waitFor({ state: "detached" });

    const dialog = await openPrintDialog(page);
    // the preview is drawn once the dialog is ready
    await dialog.getByTestId("print-preview").locator(":scope > svg").waitFor();
    keep(lang, "print-dialog", await dialog.screenshot());
  });

  it("the pairing box with a code typed", async () => {
    await page.evaluate(
      (url) => localStorage.setItem("inkless.assistantUrl", url),
      `ws://127.0.0.1:${assistant.port}`,
    );
    await page.goto(appUrl(app.baseUrl, "/myPrinter"));
    const pair = page.getByTestId("assistant-pair");
    await pair.waitFor();
    await pair.getByRole("textbox").fill(formatPairCode(assistant.pairing.code));
    await page.mouse.move(0, 0);
    keep(lang, "pairing", await pair.screenshot());
  });

  it("the print assistant's window on first start: the code, then the question once the code is typed", async () => {
    const code = assistant.pairing.code;
    const home = "C:\\Users\\shop";
    const lines = [
      ...startLines(
        {
          address: `ws://127.0.0.1:${ASSISTANT_PORT}`,
          settingsFile: `${home}\\.inkless-assistant.json`,
          queueFolder: `${home}\\.inkless-assistant-queue`,
          origins: [],
          printers: [],
          terminal: true,
          noConfirm: false,
        },
        lang,
      ),
      `2026-12-07T09:00:00.000Z ${pairCodeLine(code, lang)}`,
      "",
      `${confirmQuestion("https://labels.example.com", lang)} y`,
    ];
    await page.setContent(consoleWindow(appUrl(app.baseUrl, "/fonts"), windowTitle(code, lang), lines));
    await page.evaluate(() => document.fonts.ready);
    const window = page.locator(".window");
    await expect.poll(() => window.textContent()).toContain(pairCodeLine(code, lang));
    keep(lang, "assistant-window", await window.screenshot());
  });
});
