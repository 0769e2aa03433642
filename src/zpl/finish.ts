// The second half of reading ZPL: with the fonts and code encoders loaded (the render path's own
// `prepareRender`), every text is measured, every code sized to whole dots from its module count,
// and each element placed where ZPL put it (^FO: the top left of what is drawn, rotation included;
// ^FT: the text's baseline, the code's bottom).
import { encodeCode, isCodeError } from "../codes";
import { linearSpan } from "../codes/layout";
import { TEXT_HEIGHT_FACTOR } from "../model/constants";
import { fitsText, hasEditableText, isCode } from "../model/kinds/caps";
import { codeRequest } from "../model/kinds/codeRequest";
import type { LabelDocument, LabelElement } from "../model/types";
import { ptToMm } from "../model/units";
import { type FontRegistry, getFontRegistry, prepareRender } from "../render";
import { layoutText, textElementSpec } from "../render/text";
import { textSizePatch } from "../render/text/size";
import { blockPieces } from "./blockLines";
import { type Anchor, placed } from "./place";
import type { CodeSizing, ZplLabel } from "./types";

/** height of a code's human-readable band per mm of its font (the code layout's band) */
const TEXT_BAND = 1.2;

function sizedCode(el: LabelElement, code: CodeSizing): LabelElement {
  const mm = (dots: number) => (dots * 25.4) / code.dpi;
  if (!isCode(el)) return el;
  try {
    // the code's own request (the kind's), so its size is the one it will be drawn at
    const req = codeRequest(el, el.Data);
    const c = encodeCode(req);
    if ("width" in c) {
      const band = el.BarcodeNumPosition ? ptToMm(el.FontSize) * TEXT_BAND : 0;
      // EAN / UPC digits printed beside the bars widen the field (^FO is the left of the first digit)
      const modules = linearSpan(c, band > 0, false).total;
      return { ...el, Width: mm(modules * code.module), Height: mm(code.height) + band };
    }
    // PDF417 rows are `height` dots tall; QR and DataMatrix modules are square
    const rowDots = req.kind === "qrcode" && req.type === 2 ? code.height : code.module;
    return { ...el, Width: mm(c.cols * code.module), Height: mm(c.rows * rowDots) };
  } catch (e) {
    // data the encoder refuses: the element keeps an estimated size and shows its error as the
    // editor does for any code
    if (!isCodeError(e)) throw e;
  }
  return el.Width > 0 ? el : { ...el, Width: 20, Height: 20 };
}

/** The label with exact sizes and places (fonts and encoders are loaded first). */
export async function finishLabel(
  label: ZplLabel,
  fonts: FontRegistry = getFontRegistry(),
): Promise<LabelDocument> {
  const { doc } = label;
  await prepareRender(doc, { target: "export", fonts });
  // a ^FB block with more lines than it allows, or a hanging indent: a few texts (blockLines.ts)
  const pieces = doc.elements.flatMap((el) => {
    const block = label.blocks.get(el.Id);
    const anchor = label.anchors.get(el.Id);
    if (!block || !anchor) return [{ el, anchor }];
    return blockPieces(el, block, fonts).map((p) => ({
      el: p.el as LabelElement,
      anchor: { ...anchor, x: anchor.x + p.dx, y: anchor.y + p.dy },
      source: el.Id,
    }));
  });
  const elements = pieces.map(
    ({ el, anchor, source }: { el: LabelElement; anchor?: Anchor; source?: string }) => {
      const code = label.codes.get(el.Id);
      let out = el;
      if (fitsText(el)) out = { ...el, ...textSizePatch(el, fonts) };
      // stretched by ^A's width: TextAlign 4 draws the line as long as the box
      const stretch = label.stretches.get(source ?? el.Id);
      if (stretch) out = { ...out, Width: out.Width * stretch };
      else if (code) out = sizedCode(el, code);
      if (fitsText(out))
        out = { ...out, Height: Math.max(out.Height, ptToMm(out.FontSize) * TEXT_HEIGHT_FACTOR) };
      // ^FT of a text: its first baseline, where our layout puts it in the face's metrics
      const baseline =
        anchor?.typeset && hasEditableText(out)
          ? layoutText(textElementSpec(out, out.Data, out.Width), fonts).lines[0]?.axis
          : undefined;
      return anchor ? placed(out, anchor, code, baseline) : out;
    },
  );
  return { ...doc, elements };
}
