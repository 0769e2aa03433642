// `--set name=value` answers a label's prompts (issue 38): the answer is on the label, a bad or
// missing one refuses the job with the rule it broke, and so does a formula that fails; nothing written.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { parseArgs } from "../../src/cli/args";

const run = promisify(execFile);
vi.setConfig({ testTimeout: 300_000 });
const tmp = mkdtempSync(join(tmpdir(), "inkless-cli-prompts-"));

async function label(args: string[], env: Record<string, string> = {}) {
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

/** A label with a required lot prompt (2 letters, dash, digits) and a formula naming it. */
function lotLabel(formula: string): string {
  const file = join(tmp, `lot-${Math.random().toString(36).slice(2)}.tprt`);
  writeFileSync(
    file,
    `<LabelFile><FileInfo><LabelName>Lot</LabelName><Width>50</Width><Height>20</Height></FileInfo><ObjectList>
      <DrawObject><ID>LotText1</ID><Type>Text</Type><Name>Lot text</Name><Data>L</Data><Width>45</Width><Height>8</Height>
        <DataSourceList><DataSource Type="0" FirstValue="LOT "/><DataSource Type="5" FirstValue="" PromptName="Lot"
          PromptText="Lot number?" PromptType="text" PromptRequired="yes" PromptPattern="[A-Z]{2}-\\d+"/></DataSourceList>
      </DrawObject>
      <DrawObject><ID>BestText1</ID><Type>Text</Type><Name>Best</Name><Data>B</Data><StartY>10</StartY><Width>45</Width><Height>8</Height>
        <DataSourceList><DataSource Type="4" FirstValue="" Formula="${formula.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"/></DataSourceList>
      </DrawObject></ObjectList></LabelFile>`,
  );
  return file;
}

describe("label render --set", () => {
  it("parses --set name=value and --set=name=value, repeatable", () => {
    expect(parseArgs(["render", "x.tprt", "--set", "Lot=AB-1", "--set=Qty=a=b"]).set).toEqual([
      "Lot=AB-1",
      "Qty=a=b",
    ]);
  });

  it("puts the answer on the label; refuses a bad or missing answer and a failing formula", async () => {
    const ok = lotLabel(`"BB " & Lot`);
    const out = join(tmp, "ok.svg");
    const r = await label(["render", ok, "--out", out, "--set", "Lot=AB-17"]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(out, "utf8");
    expect(svg).toContain("AB-17");

    const refused = async (args: string[], text: string, env: Record<string, string> = {}) => {
      const o = join(tmp, `refused-${Math.random().toString(36).slice(2)}.svg`);
      const x = await label(["render", ...args, "--out", o], env);
      expect(x.code).toBe(1);
      expect(x.stderr.trim()).toBe(text);
      expect(existsSync(o)).toBe(false);
    };
    await refused([ok], "Nothing printed: Lot: an answer is required");
    await refused(
      [ok, "--set", "Lot=ab-17"],
      "Nothing printed: Lot: does not match the pattern [A-Z]{2}-\\d+",
    );
    await refused([ok, "--set", "Lot=AB-1", "--set", "Lto=x"], 'Nothing printed: No prompt is called "Lto"');
    await refused(
      [ok, "--set", "Lot"],
      '--set takes name=value (the prompt\'s name, then its answer); "Lot" is not.',
    );
    await refused([ok], "Ничего не напечатано: Lot: требуется ответ", { INKLESS_LANG: "ru" });
    const div = lotLabel(`Lot & (1 / (2 - 2))`);
    await refused(
      [div, "--set", "Lot=AB-1"],
      "Nothing was printed: the formula of Best fails for record 1: Division by zero (character 10)",
    );
    // the PDF export and the printer path refuse the same way, before anything is written or sent
    const pdf = join(tmp, "div.pdf");
    expect((await label(["render", div, "--out", pdf, "--set", "Lot=AB-1"])).code).toBe(1);
    expect(existsSync(pdf)).toBe(false);
  });
});
