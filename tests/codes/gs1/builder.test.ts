// The GS1 builder: rows read from a code's content and written back, the rule each row breaks, and
// the panel markup (labelled fields, the issue under a field, the human-readable line, the Digital
// Link URI) for GS1-128 and the GS1 2D types; other types show no builder.
import { type ComponentType, createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { addableAis, contentFromRows, GS1_AIS, rowIssues, rowsFromContent } from "../../../src/codes/gs1";
import { EditorContext, type EditorContextValue } from "../../../src/editor/state/context";
import { BarcodePanel } from "../../../src/elements/barcode/Panel";
import { QrPanel } from "../../../src/elements/qrcode/Panel";
import type { LabelElement } from "../../../src/model/types";
import { barcodeLabel, qrLabel } from "../support/labels";

vi.mock("../../../src/editor/data/context", () => ({
  useWorkbooks: () => ({
    sheets: new Map(),
    loading: new Set(),
    failed: new Set(),
    recordIndex: 0,
    total: 1,
  }),
  useRecordValues: () => undefined,
}));
vi.mock("../../../src/app/i18n", () => ({ setLanguage: () => undefined }));

function markup(panel: ComponentType<{ readonly el: never }>, el: LabelElement): string {
  const store = { get: () => ({ doc: { elements: [el] } }), apply: () => true, message: () => undefined };
  const value = { store, viewport: { current: null } } as unknown as EditorContextValue;
  return renderToStaticMarkup(
    h(EditorContext.Provider, { value }, h(panel as ComponentType<{ readonly el: LabelElement }>, { el })),
  );
}

describe("builder rows", () => {
  it("reads content as rows and writes it back, a ( in a value escaped", () => {
    const r = rowsFromContent("(01)09506000134352(10)A\\(1)");
    expect(r).toEqual({
      rows: [
        { ai: "01", value: "09506000134352" },
        { ai: "10", value: "A(1)" },
      ],
    });
    expect(contentFromRows(r.rows)).toBe("(01)09506000134352(10)A\\(1)");
    expect(rowsFromContent("")).toEqual({ rows: [] });
  });
  it("never throws on content it cannot read, and says why", () => {
    for (const bad of ["https://example.com", "(99)1", "(", "\u0000"]) {
      const r = rowsFromContent(bad);
      expect(r.rows).toEqual([]);
      expect(r.unreadable?.key).toMatch(/^codes\.gs1\./);
    }
  });
  it("gives each row its first broken rule, and the second of two equal AIs 'given twice'", () => {
    expect(
      rowIssues([
        { ai: "01", value: "09506000134352" },
        { ai: "17", value: "261301" },
        { ai: "01", value: "09506000134352" },
      ]),
    ).toEqual([
      null,
      { key: "codes.gs1.date", vars: { ai: "17" } },
      { key: "codes.gs1.duplicate", vars: { ai: "01" } },
    ]);
  });
  it("offers each AI once", () => {
    const left = addableAis([{ ai: "01", value: "" }]);
    expect(left).not.toContain("01");
    expect(left.length).toBe(GS1_AIS.length - 1);
  });
});

describe("builder in the panels", () => {
  it("GS1-128: a labelled field per AI, the issue under it, the human-readable line", () => {
    const el = barcodeLabel(26, "(01)09506000134352(17)261301(10)AB12", { isEdit: true }).elements[0];
    const html = markup(BarcodePanel, el as LabelElement);
    expect(html).toContain('data-testid="panel-gs1"');
    expect(html).toMatch(/<label for="gs1-[^"]+-0">\(01\) codes\.gs1\.ai\.01<\/label>/);
    expect(html).toContain('data-testid="panel-gs1-value-17"');
    expect(html).toMatch(/aria-invalid="true"[^>]*data-testid="panel-gs1-value-17"/);
    expect(html).toContain('data-testid="panel-gs1-issue-17"');
    expect(html).not.toContain('data-testid="panel-gs1-issue-01"');
    expect(html).toContain('aria-label="editor.gs1.remove"');
    expect(html).toContain("(01)09506000134352(17)261301(10)AB12</output>");
    expect(html).toContain('data-testid="panel-gs1-add-ai"');
    expect(html).not.toContain('data-testid="panel-gs1-uri"');
  });
  it("GS1 Digital Link QR also shows the URI; plain QR and Code 128 show no builder", () => {
    const dl = markup(QrPanel, qrLabel(8, "(01)09506000134352(10)AB/12").elements[0] as LabelElement);
    expect(dl).toContain("https://id.gs1.org/01/09506000134352/10/AB%2F12</output>");
    expect(markup(QrPanel, qrLabel(6, "(01)09506000134352").elements[0] as LabelElement)).toContain(
      'data-testid="panel-gs1"',
    );
    expect(markup(QrPanel, qrLabel(1, "x").elements[0] as LabelElement)).not.toContain("panel-gs1");
    expect(markup(BarcodePanel, barcodeLabel(1, "x").elements[0] as LabelElement)).not.toContain("panel-gs1");
  });
  it("content from data sources is shown read-only", () => {
    const base = barcodeLabel(26, "(01)09506000134352").elements[0] as LabelElement & {
      DataSourceList: readonly { DataSourceType: number }[];
    };
    const el = {
      ...base,
      DataSourceList: [base.DataSourceList[0], { ...base.DataSourceList[0], DataSourceType: 2 }],
    };
    const html = markup(BarcodePanel, el as unknown as LabelElement);
    expect(html).toMatch(
      /readOnly=""[^>]*data-testid="panel-gs1-value-01"|data-testid="panel-gs1-value-01"[^>]*readOnly/i,
    );
    expect(html).not.toContain('data-testid="panel-gs1-add"');
  });
});
