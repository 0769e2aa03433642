// The second half of reading ZPL: with the fonts and code encoders loaded (the render path's own
// `prepareRender`), every text is measured, every code sized to whole dots from its module count,
// and each element placed where ZPL put it (^FO: the top left of what is drawn, rotation included;
// ^FT: the text's baseline, the code's bottom).
import { encodeCode, isCodeError } from "../codes";
import { linearSpan } from "../codes/layout";
import { TEXT_HEIGHT_FACTOR } from "../model/constants";
import { createElement } from "../model/kinds";
import { fitsText, hasEditableText, isCode, printerDrawn } from "../model/kinds/caps";
import { codeRequest } from "../model/kinds/codeRequest";
import type { LabelDocument, LabelElement } from "../model/types";
import { ptToMm } from "../model/units";
import { type FontRegistry, getFontRegistry, prepareRender } from "../render";
import { layoutText, textElementSpec } from "../render/text";
import { textSizePatch } from "../render/text/size";
import { gs1BarsAsGiven } from "./asGiven";
import { type BlockLines, blockPieces } from "./blockLines";
import type { DotBitmap } from "./graphic";
import { imageElement } from "./image";
import { ZPL_MAX_FIELDS, ZplError } from "./limits";
import { type Anchor, placed, turn } from "./place";
import { reverseFields } from "./reverse";
import type { CodeSizing, ZplLabel } from "./types";

/** height of a code's human-readable band per mm of its font (the code layout's band) */
const TEXT_BAND = 1.2;

/**
 * A code sized to whole dots; `grow`: what an inverse code's box (^FR over a bar: its quiet zones
 * inside its own dark box) adds on the page's left and top of where the printer puts its symbol.
 */
function sizedCode(
  el: LabelElement,
  code: CodeSizing,
): { el: LabelElement; grow: { x: number; y: number }; refused?: boolean } {
  const mm = (dots: number) => (dots * 25.4) / code.dpi;
  const none = { x: 0, y: 0 };
  if (!isCode(el)) return { el, grow: none };
  const inverse = el.AntiMirror === true;
  try {
    // the code's own request (the kind's), so its size is the one it will be drawn at
    const req = codeRequest(el, el.Data);
    const c = encodeCode(req);
    if ("width" in c) {
      const band = el.BarcodeNumPosition ? ptToMm(el.FontSize) * TEXT_BAND : 0;
      // EAN / UPC digits printed beside the bars widen the field (^FO is the left of the first digit)
      const plain = linearSpan(c, band > 0, false);
      const span = linearSpan(c, band > 0, inverse);
      const before = mm((span.left - plain.left) * code.module);
      const after = mm((span.right - plain.right) * code.module);
      const side = [before, 0, after, 0][el.Rotate / 90] ?? 0;
      const top = [0, before, 0, after][el.Rotate / 90] ?? 0;
      return {
        el: { ...el, Width: mm(span.total * code.module), Height: mm(code.height) + band },
        grow: { x: side, y: top },
      };
    }
    // PDF417 rows are `height` dots tall; QR and DataMatrix modules are square
    const rowDots = req.kind === "qrcode" && req.type === 2 ? code.height : code.module;
    const q = inverse ? c.quiet : 0;
    const around = mm(q * code.module);
    return {
      el: { ...el, Width: mm(c.cols * code.module) + 2 * around, Height: mm(c.rows * rowDots) + 2 * around },
      grow: { x: around, y: around },
    };
  } catch (e) {
    // data the encoder refuses: the element keeps an estimated size and shows its error as the
    // editor does for any code
    if (!isCodeError(e)) throw e;
  }
  return { el: el.Width > 0 ? el : { ...el, Width: 20, Height: 20 }, grow: none, refused: true };
}

const mm = (dots: number, dpi: number) => (dots * 25.4) / dpi;

/** The bars a printer draws for an upright, plain ^BC GS1-128 whose data our encoder refuses. */
function refusedGs1Bars(el: LabelElement, code: CodeSizing): DotBitmap | null {
  const drawn = printerDrawn(el);
  if (drawn?.form !== "linear") return null;
  const bar = drawn.el;
  if (bar.BarCodeType !== 26 || bar.Rotate !== 0 || bar.AntiMirror) return null;
  if (!code.command?.startsWith("^BC")) return null;
  return gs1BarsAsGiven(String(bar.Data), code.module, code.height);
}

/** The label with exact sizes and places (fonts and encoders are loaded first). */
export async function finishLabel(
  label: ZplLabel,
  fonts: FontRegistry = getFontRegistry(),
  note: (command: string) => void = () => {},
): Promise<LabelDocument> {
  const { doc } = label;
  await prepareRender(doc, { target: "export", fonts });
  // a ^FB block with more lines than it allows, or a hanging indent: a few texts (blockLines.ts)
  const pieces = doc.elements.flatMap((el) => {
    const block = label.blocks.get(el.Id);
    const read = label.anchors.get(el.Id);
    if (!block || !read) return [{ el, anchor: read }];
    const anchor = read.typeset ? firstLineOfBlock(read, block, el.Rotate) : read;
    return blockPieces(el, block, fonts).map((p) => ({
      el: p.el as LabelElement,
      anchor: { ...anchor, x: anchor.x + p.dx, y: anchor.y + p.dy },
      source: el.Id,
    }));
  });
  const finishOne = (
    el: LabelElement,
    anchor: Anchor | undefined,
    source?: string,
    again = false,
  ): LabelElement => {
    const code = label.codes.get(el.Id);
    let out = el;
    let at = anchor;
    if (fitsText(el)) out = { ...el, ...textSizePatch(el, fonts) };
    // stretched by ^A's width: TextAlign 4 draws the line as long as the box
    const stretch = label.stretches.get(source ?? el.Id);
    if (stretch) out = { ...out, Width: out.Width * stretch };
    else if (code) {
      const sized = sizedCode(el, code);
      out = sized.el;
      // a printer prints what it is given (a wrong check digit too); ours shows the encoder's
      // error, so the user is told the code was not drawn as a code (once: a reversed code is sized
      // twice); an upright GS1-128 is drawn as given, its bars a picture (asGiven.ts)
      if (sized.refused && !again) note(`${code.command ?? "^B"} data`);
      const bars = sized.refused ? refusedGs1Bars(el, code) : null;
      if (bars)
        out = {
          ...imageElement(createElement("Image", [], { x: 0, y: 0 }), bars, mm(1, code.dpi)),
          Id: el.Id,
        };
      // ^FO names the symbol's top left (^FT its bottom left): an inverse box starts before it
      if (at) at = { ...at, x: at.x - sized.grow.x, y: at.y + (at.typeset ? 1 : -1) * sized.grow.y };
    }
    if (fitsText(out))
      out = { ...out, Height: Math.max(out.Height, ptToMm(out.FontSize) * TEXT_HEIGHT_FACTOR) };
    // ^FT of a text: its first baseline, where our layout puts it in the face's metrics
    const baseline =
      at?.typeset && hasEditableText(out)
        ? layoutText(textElementSpec(out, out.Data, out.Width), fonts).lines[0]?.axis
        : undefined;
    return at ? placed(out, at, code, baseline) : out;
  };
  if (pieces.length > ZPL_MAX_FIELDS) throw new ZplError("zpl.error.tooManyFields", { max: ZPL_MAX_FIELDS });
  const elements = pieces.map((p: { el: LabelElement; anchor?: Anchor; source?: string }) =>
    finishOne(p.el, p.anchor, p.source),
  );
  // ^FR: reversed fields composed with what is below them, now that every size is known; a code
  // drawn plainly after all (over paper) is sized again without its inverse quiet zones
  const read = new Map(doc.elements.map((el) => [el.Id, el]));
  const composed = reverseFields(elements, label.reversed, note).map((el) => {
    const before = read.get(el.Id);
    return isCode(el) && before && before.AntiMirror !== el.AntiMirror
      ? finishOne({ ...before, AntiMirror: el.AntiMirror }, label.anchors.get(el.Id), undefined, true)
      : el;
  });
  if (composed.length > ZPL_MAX_FIELDS)
    throw new ZplError("zpl.error.tooManyFields", { max: ZPL_MAX_FIELDS });
  return { ...doc, elements: composed };
}

/**
 * ^FT with ^FB names the baseline of the block's last possible line (the ZPL manual's ^FB: the block
 * grows upwards from it), so its first line is (lines − 1) pitches above, in the field's turned frame.
 */
function firstLineOfBlock(at: Anchor, block: BlockLines, rotate: number): Anchor {
  const [dx, dy] = turn(0, -(Math.max(1, block.lines) - 1) * block.pitch, rotate);
  return { ...at, x: at.x + dx, y: at.y + dy };
}
