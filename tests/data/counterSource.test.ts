// Counter entries (issue 38; docs/data-sources.md "Counters"): an entry names one of the server's
// counters; each record shows the number the job reserved for it (or a preview's next number), the
// last value is kept in FirstValue for readers that do not know the type, and the file keeps it all.
import { describe, expect, it } from "vitest";
import { createResolver, switchSourceType, syncValues, usedCounters } from "../../src/data";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import type { DataSource, TextElement } from "../../src/model/types";
import { doc, fixed, SHEETS, text } from "./helpers";

const counter = (id: string, name = "Lot", last = ""): Partial<DataSource> => ({
  DataSourceType: 6,
  CounterId: id,
  CounterName: name,
  FirstValue: last,
});
const NOW = new Date(2026, 11, 6, 12);

describe("counter entries", () => {
  it("show the job's numbers record by record, after the other entries of the element", () => {
    const d = doc(text("t", [fixed("SN "), counter("c1")]), text("u", [counter("c2", "Box", "B-7")]));
    const counters = new Map([["c1", ["L001", "L002", "L003"]]]);
    const resolve = createResolver(d, SHEETS, NOW, { counters });
    expect(resolve(0).get("t")).toBe("SN L001");
    expect(resolve(2).get("t")).toBe("SN L003");
    // no numbers for a counter (not loaded, or past the reservation): its last value
    expect(resolve(1).get("u")).toBe("B-7");
    expect(resolve(5).get("t")).toBe("SN ");
  });

  it("syncValues keeps the last value in FirstValue, what older readers show", () => {
    const d = syncValues(doc(text("t", [counter("c1")])), SHEETS, 1, NOW, {
      counters: new Map([["c1", ["7", "8"]]]),
    });
    const el = d.elements[0] as TextElement;
    expect(el.Data).toBe("8");
    expect(el.DataSourceList[0]).toMatchObject({ DataSourceType: 6, FirstValue: "8" });
  });

  it("survives a save and a reopen; a reader without counters sees the last value as fixed text", () => {
    const xml = serializeTprt(doc(text("t", [counter("c1", "Lot <A>", "L042")])));
    expect(xml).toContain('Type="6"');
    expect(xml).toContain('FirstValue="L042"');
    const back = parseLabelFile(xml);
    if (!back.ok) throw new Error(back.error.key);
    expect((back.doc.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 6,
      CounterId: "c1",
      CounterName: "Lot <A>",
      FirstValue: "L042",
    });
    // what a reader that knows types 0–5 only does with the entry: the type falls back to fixed text
    const older = parseLabelFile(xml.replace('Type="6"', 'Type="9"'));
    if (!older.ok) throw new Error(older.error.key);
    const s = (older.doc.elements[0] as TextElement).DataSourceList[0];
    expect(s.DataSourceType).toBe(0);
    expect(createResolver(older.doc, SHEETS, NOW)(0).get("t")).toBe("L042");
  });

  it("switching away and back keeps the counter picked", () => {
    const d = doc(text("t", [counter("c1", "Lot")]));
    const away = switchSourceType(d, { elementId: "t" }, 0).doc;
    const back = switchSourceType(away, { elementId: "t" }, 6).doc;
    expect((back.elements[0] as TextElement).DataSourceList[0]).toMatchObject({
      DataSourceType: 6,
      CounterId: "c1",
      CounterName: "Lot",
    });
  });

  it("lists the counters a document uses, each once", () => {
    const d = doc(
      text("a", [counter("c1", "Lot"), fixed("-"), counter("c2", "Box")]),
      text("b", [counter("c1", "Lot")]),
      text("c", [counter("", "unpicked")]),
    );
    expect(usedCounters(d)).toEqual([
      { id: "c1", name: "Lot" },
      { id: "c2", name: "Box" },
    ]);
  });
});
