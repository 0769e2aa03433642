import { describe, expect, it } from "vitest";
import { sanitizeAttrs, startFromQuery } from "../../src/editor/query";

const q = (attr: unknown, status = "add") =>
  `?labelAttr=${encodeURIComponent(JSON.stringify(attr))}&labelStatus=${status}`;

describe("start from the query", () => {
  it("starts an empty document from labelAttr and labelStatus", () => {
    const s = startFromQuery(q({ name: "Shelf", width: 60, height: 40, columns: 2 }, "edit"));
    expect(s.status).toBe("edit");
    expect(s.badAttr).toBe(false);
    expect(s.doc.elements).toEqual([]);
    expect(s.doc.attrs).toMatchObject({ name: "Shelf", width: 60, height: 40, columns: 2, rows: 1 });
  });

  it("defaults without labelAttr, and to add for an unknown status", () => {
    const s = startFromQuery("?labelStatus=whatever");
    expect(s.status).toBe("add");
    expect(s.doc.attrs.width).toBe(100);
    expect(s.doc.attrs.height).toBe(80);
  });

  it("names an unnamed label with the caller's translated default, never over a given name", () => {
    expect(startFromQuery("", "新标签").doc.attrs.name).toBe("新标签");
    expect(startFromQuery(q({ width: 30 }), "新标签").doc.attrs.name).toBe("新标签");
    expect(startFromQuery("?labelAttr=%7Bbad", "新标签").doc.attrs.name).toBe("新标签");
    expect(startFromQuery(q({ name: "Shelf" }), "新标签").doc.attrs.name).toBe("Shelf");
  });

  it("reads a twice-encoded labelAttr", () => {
    const twice = `?labelAttr=${encodeURIComponent(encodeURIComponent(JSON.stringify({ name: "X", width: 30 })))}`;
    expect(startFromQuery(twice).doc.attrs).toMatchObject({ name: "X", width: 30 });
  });

  it("never throws on malformed input and says so", () => {
    for (const bad of [
      "?labelAttr=%7Bnot-json",
      "?labelAttr=%5B1%2C2%5D",
      "?labelAttr=null",
      "?labelAttr=42",
    ]) {
      const s = startFromQuery(bad);
      expect(s.badAttr).toBe(true);
      expect(s.doc.attrs.width).toBe(100);
    }
  });

  it("clamps sizes and drops wrong types, unknown and prototype keys", () => {
    const raw = JSON.parse(
      '{"__proto__":{"polluted":1},"constructor":{"x":1},"width":99999,"height":-5,"columns":"7","rows":2.6,' +
        '"name":{"a":1},"printBackground":"true","type":"evil","canvas_img":["a",3],"paddingTop":"abc","extra":1}',
    );
    const a = sanitizeAttrs(raw) as Record<string, unknown>;
    expect(a.width).toBe(400);
    expect(a.height).toBe(0.001);
    expect(a.columns).toBe(7);
    expect(a.rows).toBe(3);
    expect(a.name).toBeUndefined();
    expect(a.printBackground).toBe(true);
    expect(a.type).toBeUndefined();
    expect(a.canvas_img).toEqual(["a"]);
    expect(a.paddingTop).toBeUndefined();
    expect(a.extra).toBeUndefined();
    expect(Object.hasOwn(a, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps a hostile name as plain text (React escapes it on screen)", () => {
    const s = startFromQuery(q({ name: '<img src=x onerror="alert(1)">' }));
    expect(s.doc.attrs.name).toBe('<img src=x onerror="alert(1)">');
  });
});
