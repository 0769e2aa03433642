// Spawns the real CLI (the `label` npm script's entry point) on the label fixtures.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { translate } from "../../src/i18n/messages";
import { parseLabelFile } from "../../src/model/file";
import { BROKEN_LABEL_FILES } from "../fixtures/labels/broken";

const run = promisify(execFile);
// each case spawns Node processes; a busy machine can take several seconds per spawn
vi.setConfig({ testTimeout: 180_000 });
const FX = "tests/fixtures/labels";
const tmp = mkdtempSync(join(tmpdir(), "inkless-cli-"));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI exactly as `npm run label -- …` does (built first when its sources changed). */
async function label(args: string[], env: Record<string, string> = {}): Promise<Result> {
  try {
    const r = await run(process.execPath, ["scripts/run-built.mjs", "label", ...args], {
      env: { ...process.env, LANG: "C", INKLESS_LANG: "", ...env },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

/** Exit 1 with exactly one human line on stderr and no stack trace. */
function expectOneLineError(r: Result, text?: string | RegExp) {
  expect(r.code).toBe(1);
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+|Error:|node:internal/);
  if (text) expect(lines[0]).toMatch(text);
}

describe("label info", () => {
  it("prints the summary JSON of a hand-written .tprt (via npm run label)", async () => {
    const r = await run("npm", ["run", "--silent", "label", "--", "info", `${FX}/issue-example.tprt`]);
    expect(JSON.parse(r.stdout)).toEqual({
      name: "Shelf tag",
      width: 100,
      height: 80,
      columns: 1,
      rows: 1,
      elements: [
        {
          id: "Ab3dE9xQ",
          type: "Text",
          name: "Text1",
          x: 5,
          y: 4,
          width: 90,
          height: 10,
          rotate: 0,
          data: "Cotton T-shirt",
        },
        {
          id: "Kp0wZ2mN",
          type: "Barcode",
          name: "Barcode1",
          x: 5,
          y: 20,
          width: 60,
          height: 20,
          rotate: 0,
          data: "590123412345",
        },
      ],
    });
  });

  it("shows a TimeText as TimeText, -90 as 270, and the same for a .tprts as for its .tprt", async () => {
    const [a, b] = await Promise.all([
      label(["info", `${FX}/shelf-tag.tprt`]),
      label(["info", `${FX}/shelf-tag.tprts`]),
    ]);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const info = JSON.parse(a.stdout);
    expect(info.elements.map((e: { type: string }) => e.type)).toEqual([
      "Text",
      "TimeText",
      "Barcode",
      "QRcode",
      "Image",
      "Table",
      "LineHorizontal",
      "RoundRectangle",
    ]);
    expect(info.elements[3]).toMatchObject({
      id: "Qr5tY6uI",
      rotate: 270,
      data: "https://example.com/p/590123412345",
    });
    expect(info.elements[5]).toMatchObject({ type: "Table", data: "Sizes\nM\nL" });
    expect(info.elements[4].data).toBeNull();
  });
});

describe("label convert", () => {
  it("re-encodes .tprt → .tprts → .tprt without losing anything", async () => {
    const enc = join(tmp, "shelf.tprts");
    const back = join(tmp, "shelf.tprt");
    expect((await label(["convert", `${FX}/shelf-tag.tprt`, "--out", enc])).code).toBe(0);
    expect(readFileSync(enc).subarray(0, 5).toString("latin1")).toBe("TPRTS");
    expect((await label(["convert", enc, `--out=${back}`])).code).toBe(0);
    expect(readFileSync(back, "utf8")).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<LabelFile>/);
    const orig = parseLabelFile(new Uint8Array(readFileSync(`${FX}/shelf-tag.tprt`)));
    const round = parseLabelFile(new Uint8Array(readFileSync(back)));
    expect(round).toEqual(orig);
  });

  it("refuses an output that is neither .tprt nor .tprts, and a missing --out", async () => {
    expectOneLineError(
      await label(["convert", `${FX}/shelf-tag.tprt`, "--out", join(tmp, "x.pdf")]),
      /\.tprt, \.tprts/,
    );
    expectOneLineError(await label(["convert", `${FX}/shelf-tag.tprt`]), /--out/);
  });
});

describe("label render", () => {
  it("writes the label's SVG at true size with one group per element", async () => {
    const out = join(tmp, "shelf.svg");
    const r = await label(["render", `${FX}/shelf-tag.tprts`, "--out", out]);
    expect(r.code).toBe(0);
    const svg = readFileSync(out, "utf8");
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="100mm" height="80mm" viewBox="0 0 100 80">/,
    );
    for (const id of [
      "Ab3dE9xQ",
      "Tm7Qa1Zc",
      "Kp0wZ2mN",
      "Qr5tY6uI",
      "Im9oP8lK",
      "Tb2lE3aB",
      "Ln4kJ5hG",
      "Rr6fD7sA",
    ]) {
      expect(svg).toContain(`data-id="${id}"`);
    }
    expect(svg).toContain("Cotton");
  });

  it("--record N renders that record's values (a sequence counts up)", async () => {
    const file = join(tmp, "seq.tprt");
    writeFileSync(
      file,
      `<LabelFile><FileInfo><LabelName>Seq</LabelName><Width>40</Width><Height>20</Height></FileInfo><ObjectList>
        <DrawObject><ID>SeqText1</ID><Type>Text</Type><Data>N-7</Data><Width>30</Width><Height>8</Height>
          <DataSourceList><DataSource Type="2" FirstValue="N-7" InitialValue="N-7" AddedValue="2" Quantity="5"/></DataSourceList>
        </DrawObject></ObjectList></LabelFile>`,
    );
    const out = join(tmp, "seq.svg");
    expect((await label(["render", file, "--out", out, "--record", "3"])).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("N-11");
    expect((await label(["render", file, "--out", out])).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("N-7");
    expectOneLineError(
      await label(["render", file, "--out", out, "--record", "6"]),
      "--record must be a whole number from 1 to 5.",
    );
    expectOneLineError(await label(["render", file, "--out", out, "--record", "0"]), /from 1 to 5/);
    expectOneLineError(await label(["render", file, "--out", out, "--record", "two"]), /from 1 to 5/);
    expectOneLineError(await label(["render", file, "--out", out, "--record"]), /--record needs a value/);
  });

  it("--sheet feeds spreadsheet-bound sources; its rows set the record count", async () => {
    const file = join(tmp, "sheet.tprt");
    writeFileSync(
      file,
      `<LabelFile><FileInfo><Width>40</Width><Height>20</Height></FileInfo><ObjectList>
        <DrawObject><ID>SheetTx1</ID><Type>Text</Type><Data>fixed</Data><Width>30</Width><Height>8</Height>
          <DataSourceList><DataSource Type="1" ConnectionStr="https://example.com/files/stock.csv" SheetIndex="0,1" PrintFirstLine="yes"/></DataSourceList>
        </DrawObject></ObjectList></LabelFile>`,
    );
    const csv = join(tmp, "stock.csv");
    writeFileSync(csv, "Name,SKU\nShirt,SKU-111\nHat,SKU-222\n");
    const out = join(tmp, "sheet.svg");
    expect((await label(["render", file, "--out", out, "--sheet", csv, "--record", "2"])).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("SKU-222");
    expectOneLineError(
      await label(["render", file, "--out", out, "--sheet", csv, "--record", "3"]),
      /from 1 to 2/,
    );
    expectOneLineError(
      await label(["render", file, "--out", out, "--sheet", join(tmp, "none.csv")]),
      /^File not found/,
    );
  });

  it("renders every valid hand-written fixture; hostile strings stay text in the SVG", async () => {
    const names = ["issue-example.tprt", "shelf-tag.tprt", "minimal.tprt", "legacy.tprt", "hostile.tprt"];
    const results = await Promise.all(
      names.map((n) => label(["render", `${FX}/${n}`, "--out", join(tmp, `${n}.svg`)])),
    );
    for (const [i, r] of results.entries()) {
      expect(r.code, `${names[i]}: ${r.stderr}`).toBe(0);
      expect(readFileSync(join(tmp, `${names[i]}.svg`), "utf8")).toMatch(/^<svg [^>]*viewBox=/);
    }
    const hostile = readFileSync(join(tmp, "hostile.tprt.svg"), "utf8");
    expect(hostile).not.toMatch(/<script|<img|<svg onload|onerror=|javascript:/i);
    expect(hostile).toContain("&lt;script&gt;");
  });

  it("refuses output types it cannot write, naming the ones it can", async () => {
    expectOneLineError(
      await label(["render", `${FX}/shelf-tag.tprt`, "--out", join(tmp, "x.docx")]),
      /\.svg.*\.pdf.*\.png/,
    );
  });
});

describe("errors: exit 1, one translated line, no stack trace", () => {
  it.concurrent.each(BROKEN_LABEL_FILES)("%s", async (name, key) => {
    const r = await label(["info", `${FX}/${name}`]);
    expectOneLineError(r, `Cannot open ${FX}/${name}: ${translate(key, { limit: 50 })}`);
  });

  it("a missing file, a directory, an unwritable output", async () => {
    expectOneLineError(
      await label(["info", join(tmp, "nope.tprt")]),
      `File not found: ${join(tmp, "nope.tprt")}`,
    );
    expectOneLineError(await label(["info", tmp]), /^Cannot read .*EISDIR/);
    expectOneLineError(
      await label(["convert", `${FX}/minimal.tprt`, "--out", join(tmp, "no-dir", "x.tprt")]),
      /^Cannot write .*ENOENT/,
    );
  });

  it("a file over 50 MiB is refused before it is read", async () => {
    const big = join(tmp, "big.tprt");
    writeFileSync(big, Buffer.alloc(50 * 1024 * 1024 + 1, 0x20));
    expectOneLineError(await label(["info", big]), /too large.*50 MB/);
  });

  it("bad arguments", async () => {
    expectOneLineError(await label([]), /Usage: label info/);
    expectOneLineError(await label(["frobnicate", "x"]), /^Unknown command "frobnicate"/);
    expectOneLineError(await label(["info"]), /^Name the label file to read/);
    expectOneLineError(await label(["info", "a.tprt", "b.tprt"]), /^Unexpected argument "b.tprt"/);
    expectOneLineError(await label(["info", "a.tprt", "--colour"]), /^Unknown option "--colour"/);
  });

  it("--help prints the usage and succeeds", async () => {
    const r = await label(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: label info/);
  });

  it("speaks the language of INKLESS_LANG, else LANG", async () => {
    const missing = join(tmp, "nope.tprt");
    expectOneLineError(
      await label(["info", missing], { LANG: "pt_BR.UTF-8" }),
      `Arquivo não encontrado: ${missing}`,
    );
    expectOneLineError(
      await label(["info", missing], { LANG: "pt_BR.UTF-8", INKLESS_LANG: "zh" }),
      `找不到文件：${missing}`,
    );
    expectOneLineError(
      await label(["info", `${FX}/truncated.tprt`], { LANG: "ru_RU.UTF-8" }),
      /^Не удалось открыть .*обрывается/,
    );
    expectOneLineError(
      await label(["info", `${FX}/not-xml.tprt`], { INKLESS_LANG: "es" }),
      /^No se puede abrir .*no es un archivo de etiqueta/,
    );
  });
});

describe("built JavaScript (issue 41: no TypeScript compiled at start)", () => {
  it("npm run label runs info, render to PDF and errors with no TypeScript module loaded", async () => {
    // the hook makes any .ts module (or tsx itself) fail to load in every process npm starts
    const env = {
      ...process.env,
      LANG: "C",
      INKLESS_LANG: "",
      NODE_OPTIONS: `--import=${join(process.cwd(), "tests/cli/support/noTypeScript.mjs")}`,
    };
    const npm = (args: string[]) => run("npm", ["run", "--silent", "label", "--", ...args], { env });
    const infoRun = await npm(["info", `${FX}/issue-example.tprt`]);
    expect(JSON.parse(infoRun.stdout).name).toBe("Shelf tag");
    const pdf = join(tmp, "built.pdf");
    await npm(["render", `${FX}/issue-example.tprt`, "--out", pdf, "--quiet"]);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    const failed = await npm(["info", join(tmp, "missing.tprt")]).then(
      () => ({ code: 0, stdout: "", stderr: "" }),
      (e) => e as Result,
    );
    expectOneLineError(failed, /^File not found: /);
  });

  it("a small PDF job loads only what it draws with: not the messages of five languages, nor opentype.js", async () => {
    // every module the built CLI loads is listed; the bundled sources are named in its comments
    const list = join(tmp, "loaded.txt");
    writeFileSync(list, "");
    const pdf = join(tmp, "small.pdf");
    await run(
      process.execPath,
      [
        `--import=${join(process.cwd(), "tests/cli/support/loadedModules.mjs")}`,
        "scripts/run-built.mjs",
        "label",
        "render",
        `${FX}/issue-example.tprt`,
        "--out",
        pdf,
        "--quiet",
      ],
      { env: { ...process.env, LANG: "C", INKLESS_LANG: "", INKLESS_TEST_LOADED: list } },
    );
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    const loaded = readFileSync(list, "utf8")
      .split("\n")
      .filter((u) => u.startsWith("file:") && u.includes("/dist/node/"))
      .map((u) => readFileSync(new URL(u), "utf8"));
    expect(loaded.length).toBeGreaterThan(1);
    // the label's texts and its code need no message (an error would load them)
    const holding = (source: string) => loaded.filter((code) => code.includes(`// ${source}`)).length;
    expect(holding("locales/en.json"), "modules holding the messages").toBe(0);
    // the fonts' metrics are read from their tables (src/render/fontMetrics.ts)
    expect(holding("node_modules/opentype.js/"), "modules holding opentype.js").toBe(0);
  });
});
