import { describe, expect, it } from "vitest";
import { createResolver, recordCount, resolveValues, switchSourceType, syncValues } from "../../src/data";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import type { TextElement } from "../../src/model/types";
import { col, doc, fixed, SHEETS, seq, text } from "./helpers";

const NOW = new Date(2024, 1, 23, 14, 5, 9);
const formula = (f: string) => ({ DataSourceType: 4 as const, Formula: f });

describe("formula entries (DataSourceType 4)", () => {
  it("resolve per record with columns, element names and prompts by name", () => {
    const d = doc(
      text("name", [col(0, 0)], { Name: "Who" }),
      text("n", [seq("7")], { Name: "Serial" }),
      text("f", [
        fixed("#"),
        formula(`upper(Name) & "-" & padLeft(Serial, 3) & " " & [Lot no] & " " & fixed(Price, 2)`),
      ]),
    );
    const resolve = createResolver(d, SHEETS, NOW, { prompts: new Map([["Lot no", "L-9"]]) });
    expect(resolve(0).get("f")).toBe("#ADA-007 L-9 1234.50");
    expect(resolve(1).get("f")).toBe("#GRACE-008 L-9 -0.01");
    // an element by its name, and a date offset
    const e = doc(
      text("a", [fixed("ab")], { Name: "Code" }),
      text("f", [formula(`Code & formatDate(today() + 30 days, "yyyy-MM-dd")`)]),
    );
    expect(resolveValues(e, 0, SHEETS, NOW).get("f")).toBe("ab2024-03-24");
  });
  it("a failing formula shows nothing, and the resolver tells why", () => {
    const d = doc(text("f", [fixed("x"), formula(`1 / 0`)]));
    const resolve = createResolver(d, SHEETS, NOW);
    expect(resolve(0).get("f")).toBe("x");
    expect(resolve.formula("1 / 0")).toMatchObject({
      ok: false,
      error: { key: "formula.error.divisionByZero" },
    });
    expect(resolve.formula("Nobody")).toMatchObject({
      ok: false,
      error: { key: "formula.error.unknownName" },
    });
  });
  it("a formula naming itself through an element contributes nothing (no endless loop)", () => {
    const d = doc(text("f", [fixed("a"), formula(`Me & "!"`)], { Name: "Me" }));
    expect(resolveValues(d, 0, SHEETS, NOW).get("f")).toBe("a!");
  });
  it("does not change the record count", () => {
    expect(recordCount(doc(text("f", [formula(`today()`)])), SHEETS)).toBe(1);
  });
  it("syncValues stores the value in FirstValue (what older readers show)", () => {
    const d = syncValues(doc(text("f", [formula(`"A" & 1 + 1`)])), SHEETS, 0, NOW);
    const el = d.elements[0] as TextElement;
    expect(el.Data).toBe("A2");
    expect(el.DataSourceList[0].FirstValue).toBe("A2");
  });
  it("survives a save and a reopen; files without formulas read as before", () => {
    const d = syncValues(doc(text("f", [formula(`"<&>" & 'q"'`)])), SHEETS, 0, NOW);
    const xml = serializeTprt(d);
    expect(xml).toContain('Type="4"');
    const back = parseLabelFile(xml);
    if (!back.ok) throw new Error(back.error.key);
    const s = (back.doc.elements[0] as TextElement).DataSourceList[0];
    expect(s).toMatchObject({ DataSourceType: 4, Formula: `"<&>" & 'q"'`, FirstValue: `<&>q"` });
    const old = parseLabelFile(serializeTprt(doc(text("t", [fixed("plain")]))));
    if (!old.ok) throw new Error(old.error.key);
    expect((old.doc.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 0,
      Formula: "",
    });
  });
  it("switching away and back keeps the formula", () => {
    const d = doc(text("f", [formula(`today()`)]));
    const fixedDoc = switchSourceType(d, { elementId: "f" }, 0).doc;
    const back = switchSourceType(fixedDoc, { elementId: "f" }, 4).doc;
    expect((back.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 4,
      Formula: "today()",
    });
  });
});
