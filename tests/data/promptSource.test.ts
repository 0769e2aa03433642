import { describe, expect, it } from "vitest";
import {
  checkPrompts,
  createResolver,
  promptsOf,
  resolveValues,
  switchSourceType,
  syncValues,
} from "../../src/data";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import type { DataSource, TextElement } from "../../src/model/types";
import { doc, fixed, SHEETS, text } from "./helpers";

const NOW = new Date(2024, 1, 23, 14, 5, 9);
const prompt = (name: string, over: Partial<DataSource> = {}): Partial<DataSource> => ({
  DataSourceType: 5,
  PromptName: name,
  PromptText: `${name}?`,
  ...over,
});

describe("prompt entries (DataSourceType 5)", () => {
  it("show the answer, else the default, and formulas name them", () => {
    const d = doc(
      text("lot", [fixed("LOT "), prompt("Lot", { PromptDefault: "L-0" })]),
      text("f", [{ DataSourceType: 4, Formula: `"#" & Lot & "/" & Qty` }]),
      text("q", [prompt("Qty", { PromptType: "integer", PromptDefault: " 5 " })]),
    );
    expect(resolveValues(d, 0, SHEETS, NOW).get("lot")).toBe("LOT L-0");
    expect(resolveValues(d, 0, SHEETS, NOW).get("f")).toBe("#L-0/5");
    const answered = createResolver(d, SHEETS, NOW, { prompts: new Map([["Lot", "A7"]]) })(0);
    expect(answered.get("lot")).toBe("LOT A7");
    expect(answered.get("f")).toBe("#A7/5");
  });
  it("are listed once per name with their rules", () => {
    const d = doc(
      text("a", [
        prompt("Lot", {
          PromptRequired: true,
          PromptMaxLength: 6,
          PromptPattern: "[A-Z0-9-]+",
          PromptChoices: "A1, B2 ,",
        }),
      ]),
      text("b", [
        prompt("Lot", { PromptText: "ignored" }),
        prompt("Kg", { PromptType: "decimal", PromptMin: "0" }),
      ]),
    );
    const defs = promptsOf(d);
    expect(defs).toEqual([
      {
        name: "Lot",
        text: "Lot?",
        type: "text",
        required: true,
        maxLength: 6,
        pattern: "[A-Z0-9-]+",
        choices: ["A1", "B2"],
        default: "",
      },
      { name: "Kg", text: "Kg?", type: "decimal", required: false, min: "0", default: "" },
    ]);
    const r = checkPrompts(
      defs,
      new Map([
        ["Lot", "C3"],
        ["Kg", "-1"],
      ]),
    );
    expect(r.ok ? [] : r.problems.map((p) => p.check.rule)).toEqual(["choices", "range"]);
  });
  it("keep the default in FirstValue and survive a save and a reopen", () => {
    const d = syncValues(
      doc(
        text("p", [
          prompt("Best <before>", { PromptType: "date", PromptDefault: "2024-03-01", PromptMaxLength: 10 }),
        ]),
      ),
      SHEETS,
      0,
      NOW,
    );
    const xml = serializeTprt(d);
    expect(xml).toContain('Type="5"');
    expect(xml).toContain('FirstValue="2024-03-01"');
    const back = parseLabelFile(xml);
    if (!back.ok) throw new Error(back.error.key);
    expect((back.doc.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 5,
      PromptName: "Best <before>",
      PromptType: "date",
      PromptMaxLength: 10,
      PromptDefault: "2024-03-01",
      FirstValue: "2024-03-01",
    });
    // an older reader's file (no prompt attributes) reads with the defaults
    const old = parseLabelFile(serializeTprt(doc(text("t", [fixed("plain")]))));
    if (!old.ok) throw new Error(old.error.key);
    expect((old.doc.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      PromptName: "",
      PromptType: "text",
    });
  });
  it("a switch to a prompt takes a free name; switching back keeps the definition", () => {
    const d = doc(text("a", [prompt("Prompt1")]), text("b", [fixed("x")]));
    const p = switchSourceType(d, { elementId: "b" }, 5).doc;
    expect((p.elements[1] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 5,
      PromptName: "Prompt2",
    });
    const back = switchSourceType(switchSourceType(p, { elementId: "b" }, 0).doc, { elementId: "b" }, 5).doc;
    expect((back.elements[1] as TextElement).DataSourceList[0].PromptName).toBe("Prompt2");
  });
});
