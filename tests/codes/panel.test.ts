// The code panels render their controls with labels and the element's state (server-side markup;
// the rules behind the controls are tested in rules.test.ts).
import { type ComponentType, createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { applySignIn, userSettings } from "../../src/app/settings/userSettings";
import { markCodeEdited } from "../../src/data/edit";
import { EditorContext, type EditorContextValue } from "../../src/editor/state/context";
import { BarcodePanel } from "../../src/elements/barcode/Panel";
import { contentPatch } from "../../src/elements/barcode/panelParts";
import { barcodeTextTooWide, matrixTextTooWide } from "../../src/elements/barcode/textFit";
import { centreImageFromDataUrl } from "../../src/elements/qrcode/CentreImageField";
import { QrPanel } from "../../src/elements/qrcode/Panel";
import { withCentreImage } from "../../src/model/kinds/qrcode";
import type { BarcodeElement, LabelElement, QRCodeElement } from "../../src/model/types";
import { getFontRegistry } from "../../src/render";
import { barcodeLabel, qrLabel } from "./support/labels";
import { DISK_LOGO } from "./support/logos";

// The workbook store's hooks have no server snapshot: server markup gets the empty data state, and
// each element shows its own Data (as outside a data provider).
vi.mock("../../src/editor/data/context", () => ({
  useWorkbooks: () => ({
    sheets: new Map(),
    loading: new Set(),
    failed: new Set(),
    recordIndex: 0,
    total: 1,
  }),
  useRecordValues: () => undefined,
}));

// The panels' lengths read the user's unit (app settings), whose module also starts the app's i18next:
// kept out, so the markup shows message keys as before.
vi.mock("../../src/app/i18n", () => ({ setLanguage: () => undefined }));

/** A kind's panel with an element of its kind (the fixtures' elements are typed as any element). */
function markup(panel: ComponentType<{ readonly el: never }>, el: LabelElement): string {
  const store = { get: () => ({ doc: { elements: [el] } }), apply: () => true, message: () => undefined };
  const value = { store, viewport: { current: null } } as unknown as EditorContextValue;
  return renderToStaticMarkup(
    h(EditorContext.Provider, { value }, h(panel as ComponentType<{ readonly el: LabelElement }>, { el })),
  );
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

  it("code panels show the X-dimension in mm and dots of the target resolution, and the GS1 tip", () => {
    // EAN-13 (113 modules with its outside digits) in 50 mm: 3 dots of 203 dpi, at the GS1 minimum
    const wide = markup(BarcodePanel, barcodeLabel(7, "590123412345").elements[0]);
    for (const key of ["editor.code.xDimension", "editor.code.xDots", "editor.code.height"])
      expect(wide).toContain(key);
    expect(wide).toContain(`data-testid="panel-code-x-dots" value="3"`);
    expect(wide).toContain(`data-testid="panel-code-x-mm" value="0.375"`);
    expect(wide).not.toContain("codes.x.belowGs1");
    // in 25 mm only 1 dot a module: under the GS1 minimum
    const narrow = markup(BarcodePanel, barcodeLabel(7, "590123412345", { Width: 25 }).elements[0]);
    expect(narrow).toContain("codes.x.belowGs1");
    // a 2D code shows its module in dots too, and has no separate height
    const qr = markup(QrPanel, qrLabel(1, "x").elements[0]);
    expect(qr).toContain('data-testid="panel-code-x-dots"');
    expect(qr).not.toContain('data-testid="panel-code-height"');
  });

  it("in inches the X-dimension and the height show the stored mm divided by 25.4, to 3 decimals", () => {
    applySignIn({ settings: { unit: "inch" } });
    try {
      const html = markup(BarcodePanel, barcodeLabel(7, "590123412345").elements[0]);
      // 0.375 mm = 0.01476 inch; the 15 mm height = 0.59055 inch; dots do not change
      expect(html).toContain(`data-testid="panel-code-x-mm" value="0.015"`);
      expect(html).toContain(`data-testid="panel-code-height" value="0.591"`);
      expect(html).toContain(`data-testid="panel-code-x-dots" value="3"`);
    } finally {
      userSettings.reset();
    }
    expect(markup(BarcodePanel, barcodeLabel(7, "590123412345").elements[0])).toContain(
      `data-testid="panel-code-height" value="15"`,
    );
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

  it("both panels carry the shared data source editor", () => {
    expect(markup(BarcodePanel, barcodeLabel(1, "x").elements[0])).toContain('data-testid="data-sources"');
    expect(markup(QrPanel, qrLabel(1, "x").elements[0])).toContain('data-testid="data-sources"');
  });

  it("QR panel: centre image control for QR codes only; with a picture the error correction shows H, locked", () => {
    const q = qrLabel(1, "x", { ErrorCorrectionLevel: "L" }).elements[0];
    const html = markup(QrPanel, q);
    expect(html).toContain("editor.code.centreImageChoose");
    expect(html).not.toContain("panel-code-centre-preview");
    const withPic = markup(QrPanel, { ...q, CenterImage: DISK_LOGO } as LabelElement);
    expect(withPic).toContain("panel-code-centre-preview");
    expect(withPic).toContain("editor.code.centreImageRemove");
    expect(withPic).toMatch(/<option value="H" selected="">H<\/option>/);
    expect(withPic).toMatch(
      /data-testid="panel-code-ec"[^>]*disabled=""|disabled=""[^>]*data-testid="panel-code-ec"/,
    );
    expect(markup(QrPanel, qrLabel(3, "x").elements[0])).not.toContain("panel-code-centre-image");
  });

  it("setting a centre image sets H; removing it keeps the level; other elements are untouched", () => {
    const doc = qrLabel(1, "x", { ErrorCorrectionLevel: "L" });
    const id = doc.elements[0].Id;
    const on = withCentreImage(doc, id, DISK_LOGO);
    expect(on.elements[0]).toMatchObject({ CenterImage: DISK_LOGO, ErrorCorrectionLevel: "H" });
    const off = withCentreImage(on, id, "");
    expect(off.elements[0]).toMatchObject({ CenterImage: "", ErrorCorrectionLevel: "H" });
    expect(withCentreImage(off, id, "")).toBe(off);
    expect(withCentreImage(doc, "nope", DISK_LOGO)).toBe(doc);
    // new elements have no such field until a picture is chosen
    expect(doc.elements[0]).not.toHaveProperty("CenterImage");
  });

  it("content changed through the data source editor marks the code as edited", () => {
    const doc = barcodeLabel(1, "old");
    const el = doc.elements[0] as BarcodeElement;
    const changed = {
      ...doc,
      elements: [{ ...el, Data: "new", DataSourceList: [{ ...el.DataSourceList[0], FirstValue: "new" }] }],
    };
    expect((markCodeEdited(doc, changed, el.Id).elements[0] as BarcodeElement).isEdit).toBe(true);
    // nothing about the content changed: left alone
    const same = { ...doc, elements: [{ ...el, Width: 70 }] };
    expect(markCodeEdited(doc, same, el.Id)).toBe(same);
  });

  it("tip129 for 2D codes: the content at the font size against the width, only when text shows", () => {
    const fonts = getFontRegistry();
    const q = qrLabel(1, "https://example.com/a-long-address", { BarcodeNumPosition: 1, FontSize: 10 })
      .elements[0] as QRCodeElement;
    expect(matrixTextTooWide(q, q.Data, fonts)).toBe(true);
    expect(matrixTextTooWide({ ...q, FontSize: 2 }, "short", fonts)).toBe(false);
    expect(matrixTextTooWide({ ...q, BarcodeNumPosition: 0 }, q.Data, fonts)).toBe(false);
    // Han Xin above version 30 shows no text
    expect(matrixTextTooWide({ ...q, QrCodeType: 5, HanxinVersion: 31 }, q.Data, fonts)).toBe(false);
    // the shown record's value decides, not the element's own Data
    expect(matrixTextTooWide({ ...q, Data: "x" }, q.Data, fonts)).toBe(true);
    const b = barcodeLabel(1, "1", { FontSize: 10, Width: 30 }).elements[0] as BarcodeElement;
    expect(barcodeTextTooWide(b, "1", fonts)).toBe(false);
    expect(barcodeTextTooWide(b, "1234567890123456789012345", fonts)).toBe(true);
  });

  it("centre image files: png and jpeg by their contents, nothing else", () => {
    const png = DISK_LOGO.slice(DISK_LOGO.indexOf(",") + 1);
    expect(centreImageFromDataUrl(DISK_LOGO)).toBe(DISK_LOGO);
    // no MIME type from the browser: recognised by its first bytes
    expect(centreImageFromDataUrl(`data:application/octet-stream;base64,${png}`)).toBe(DISK_LOGO);
    expect(centreImageFromDataUrl("data:image/jpeg;base64,/9j/4AAQSkZJRg==")).toBe(
      "data:image/jpeg;base64,/9j/4AAQSkZJRg==",
    );
    // a GIF (also when named .png), SVG, text or a bare string: refused
    expect(centreImageFromDataUrl("data:image/gif;base64,R0lGODlhAQABAAAAACw=")).toBeNull();
    expect(centreImageFromDataUrl("data:image/png;base64,R0lGODlhAQABAAAAACw=")).toBeNull();
    expect(centreImageFromDataUrl("data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=")).toBeNull();
    expect(centreImageFromDataUrl("data:text/plain,hello")).toBeNull();
    expect(centreImageFromDataUrl("javascript:alert(1)")).toBeNull();
    expect(centreImageFromDataUrl(`data:image/png;base64,${png}"/><script>`)).toBeNull();
  });
});
