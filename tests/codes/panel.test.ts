// The code panels render their controls with labels and the element's state (server-side markup;
// the rules behind the controls are tested in rules.test.ts).
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditorContext, type EditorContextValue } from "../../src/editor/state/context";
import { BarcodePanel } from "../../src/elements/barcode/Panel";
import { contentPatch } from "../../src/elements/barcode/panelParts";
import { QrPanel } from "../../src/elements/qrcode/Panel";
import type { LabelElement } from "../../src/model/types";
import { barcodeLabel, qrLabel } from "./support/labels";

function markup(panel: typeof BarcodePanel, el: LabelElement): string {
  const store = { get: () => ({ doc: { elements: [el] } }), apply: () => true, message: () => undefined };
  const value = { store, viewport: { current: null } } as unknown as EditorContextValue;
  return renderToStaticMarkup(h(EditorContext.Provider, { value }, h(panel, { el })));
}

describe("code panels", () => {
  it("barcode panel: every control labelled, current type selected, content shown", () => {
    const el = barcodeLabel(7, "590123412345").elements[0];
    const html = markup(BarcodePanel, el);
    for (const key of [
      "editor.code.type",
      "editor.code.content",
      "editor.code.textPosition",
      "editor.code.textAlign",
      "editor.code.fontSize",
      "editor.code.keepProportion",
    ])
      expect(html).toContain(key);
    expect(html).toMatch(/<option value="7" selected="">EAN-13<\/option>/);
    expect(html).toContain(">590123412345</textarea>");
    expect((html.match(/<option /g) ?? []).length).toBeGreaterThanOrEqual(18);
  });

  it("QR panel: error correction choices per type; Han Xin above 30 disables the text settings", () => {
    const q = qrLabel(1, "x").elements[0];
    expect(markup(QrPanel, q)).toMatch(/<option value="M" selected="">M<\/option>/);
    const hx = qrLabel(5, "x", { HanxinVersion: 31, ErrorCorrectionLevel: "L3" }).elements[0];
    const html = markup(QrPanel, hx);
    expect(html).toMatch(/<option value="L3" selected="">L3<\/option>/);
    expect(html).toMatch(/<option value="31" selected="">31<\/option>/);
    expect(html).toMatch(
      /data-testid="panel-code-position"[^>]*disabled=""|disabled=""[^>]*data-testid="panel-code-position"/,
    );
    expect(html).toContain("gb18030");
    const dm = qrLabel(3, "x").elements[0];
    expect(markup(QrPanel, dm)).not.toContain("panel-code-ec");
  });

  it("typing content marks the code as edited by the user (type changes keep it)", () => {
    const el = barcodeLabel(1, "old").elements[0] as Parameters<typeof contentPatch>[0];
    const p = contentPatch(el, "new") as Record<string, unknown>;
    expect(p.isEdit).toBe(true);
    expect(p.Data).toBe("new");
  });
});
