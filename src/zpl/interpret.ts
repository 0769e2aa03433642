// The ZPL interpreter: commands → one label document per ^XA…^XZ format, in dots converted to mm
// at the file's resolution. Synchronous and DOM-free; sizes that need the fonts or the code encoders
// (a text's width, a code's module count) are first estimates here and made exact by `finish.ts`,
// which also places each element from its anchor once its size is known. This file keeps the
// printer's state and dispatches; the elements are made by elements.ts and shapes.ts, the graphics
// kept by storedGraphics.ts, stored formats played back by stored.ts, the label sized by format.ts.
import { CODE_COMMANDS, codeFieldOf } from "./codes";
import { FormatElements } from "./elements";
import { JUSTIFY, newField, num, rightJustified, rotationOf } from "./field";
import { decodeField, knownCi } from "./fieldData";
import type { ZplFont } from "./fonts";
import { labelOf } from "./format";
import { LEFT_OUT } from "./leftOut";
import { ZPL_DEFAULT_DPI, ZPL_MAX_BYTES, ZPL_MAX_LABELS, ZplError } from "./limits";
import { SF_MAX_DATA } from "./serialMask";
import { drawShape, SHAPE_COMMANDS } from "./shapes";
import { expandStored } from "./stored";
import { FileFonts } from "./storedFonts";
import { FileGraphics } from "./storedGraphics";
import { byteString, tokenize } from "./tokens";
import type { ZplLabel, ZplOptions, ZplParse } from "./types";

export type { Anchor } from "./place";
export type { CodeSizing, ZplLabel, ZplOptions, ZplParse, ZplUnknown } from "./types";

export function interpretZpl(bytes: Uint8Array, opts: ZplOptions = {}): ZplParse {
  if (bytes.length > ZPL_MAX_BYTES)
    throw new ZplError("zpl.error.tooLarge", { limit: Math.round(ZPL_MAX_BYTES / 1024 / 1024) });
  const dpi = opts.dpi ?? ZPL_DEFAULT_DPI;
  const unknown = new Map<string, number>();
  const note = (command: string) => unknown.set(command, (unknown.get(command) ?? 0) + 1);
  const labels: ZplLabel[] = [];
  const graphics = new FileGraphics();
  const fonts = new FileFonts();
  // ^CW: a font letter that names a downloaded font file
  const named = new Map<string, string>();

  // settings that last from one format to the next, as on a printer
  let pw = 0;
  let ll = 0;
  let lh = { x: 0, y: 0 };
  // ^LRY: every field reversed, as if each had ^FR, until ^LRN (it outlasts the format, as on a printer)
  let reverseAll = false;
  let shift = { x: 0, y: 0 };
  let cf: ZplFont = { name: "0", height: 9, width: 0 };
  let fw = "N";
  let by = { module: 2, height: 10 };
  let ci = 0;

  let inFormat = false;
  // the format is stored (^DF), not printed; the copies it prints (^PQ)
  let storing = false;
  let copies = 1;
  let format = new FormatElements(dpi);
  let field = newField();

  const endFormat = () => {
    if (!inFormat) return;
    inFormat = false;
    if (storing) {
      storing = false;
      format = new FormatElements(dpi);
      return;
    }
    if (labels.length >= ZPL_MAX_LABELS)
      throw new ZplError("zpl.error.tooManyLabels", { max: ZPL_MAX_LABELS });
    labels.push(labelOf(format, { pw, ll, name: opts.name || "ZPL", copies }));
    format = new FormatElements(dpi);
  };

  for (const cmd of expandStored(tokenize(byteString(bytes)))) {
    const p = cmd.params.split(",");
    const n = cmd.name;
    if (n === "XA") {
      if (!inFormat) {
        inFormat = true;
        field = { ...newField(), reverse: reverseAll };
        lh = { x: 0, y: 0 };
        copies = 1;
      }
      continue;
    }
    if (n === "XZ") {
      // a field whose ^FS never came is not drawn: named, not lost silently
      if (inFormat && !storing && field.data !== null) note("^FD no ^FS");
      endFormat();
      continue;
    }
    if (cmd.prefix === "~" && n === "DG") {
      graphics.download(cmd.params);
      continue;
    }
    if (cmd.prefix === "~" && (n === "DY" || n === "DU")) {
      if (!fonts.download(n, cmd.params)) note(`~${n}`);
      continue;
    }
    if (SHAPE_COMMANDS.has(n)) {
      if (inFormat) drawShape(n, p, field, format, note);
      continue;
    }
    switch (n) {
      case "FO":
      case "FT":
        field.x = num(p[0], 0) + lh.x + shift.x;
        field.y = num(p[1], 0) + lh.y + shift.y;
        field.typeset = n === "FT";
        // justification (newer firmware): 0 left, 1 right, 2 auto (right for right-to-left text)
        {
          const j = num(p[2], 0);
          field.justify = j === 1 || j === 2 ? j : 0;
        }
        break;
      case "LH":
        lh = { x: num(p[0], 0), y: num(p[1], 0) };
        break;
      case "LS":
        shift = { x: num(p[0], 0), y: shift.y };
        break;
      case "LT":
        shift = { x: shift.x, y: num(p[0], 0) };
        break;
      case "PW":
        pw = Math.max(0, num(p[0], 0));
        break;
      case "LL":
        ll = Math.max(0, num(p[0], 0));
        break;
      case "FW":
        fw = (p[0] || "N").trim().toUpperCase().slice(0, 1) || "N";
        break;
      case "CF": {
        const h = num(p[1], cf.height);
        cf = { name: (p[0] || cf.name).trim().slice(0, 1) || cf.name, height: h, width: num(p[2], 0) };
        break;
      }
      case "A": {
        // ^Afo,h,w: the font letter, then its orientation at once
        const font = cmd.params.slice(0, 1).toUpperCase();
        const rest = cmd.params.slice(1).split(",");
        const file = named.get(font);
        field.font = {
          name: file ? "@" : font || "0",
          height: num(rest[1], cf.height),
          width: num(rest[2], 0),
          ...(file ? { file } : {}),
        };
        field.orientation = rest[0]?.trim() || null;
        break;
      }
      case "CW": {
        // ^CWa,d:name.TTF: the letter a calls that font
        const letter = (p[0] ?? "").trim().toUpperCase().slice(0, 1);
        if (letter && p[1]?.trim()) named.set(letter, p[1].trim());
        break;
      }
      case "A@":
        // ^A@o,h,w,d:name.TTF: a font by its file (drawn in itself when the file downloaded it)
        field.font = {
          name: "@",
          height: num(p[1], cf.height),
          width: num(p[2], 0),
          ...(p[3]?.trim() ? { file: p[3].trim() } : {}),
        };
        field.orientation = p[0]?.trim() || null;
        break;
      case "FB": {
        const just = (p[3] || "L").trim().toUpperCase().slice(0, 1);
        // ^FBa,b,c,d,e: width, most lines (more print over the last one), space added between
        // lines, justification, indent of the 2nd and later lines (blockLines.ts)
        const spacing = Math.max(-9999, Math.min(9999, num(p[2], 0)));
        field.block = {
          width: Math.max(1, num(p[0], 0)),
          lines: Math.max(1, Math.min(9999, Math.floor(num(p[1], 1)))),
          spacing,
          indent: Math.max(0, Math.min(9999, num(p[4], 0))),
          just: JUSTIFY[just] ?? 1,
        };
        break;
      }
      case "FR":
        field.reverse = true;
        break;
      case "LR":
        reverseAll = (p[0] ?? "").trim().toUpperCase() === "Y";
        field.reverse ||= reverseAll;
        break;
      case "FH":
        field.hex = (cmd.params.trim() || "_").slice(0, 1);
        break;
      case "CI": {
        const v = num(p[0], 0);
        if (knownCi(v)) ci = v;
        else note(`^CI${p[0]?.trim()}`);
        break;
      }
      case "BY":
        by = { module: Math.max(1, Math.min(10, num(p[0], by.module))), height: num(p[2], by.height) };
        break;
      case "FD":
      case "FV":
        // the data keeps its commas: the whole text up to the next command
        field.data = cmd.params;
        break;
      case "SN":
        // ^SNv,n,z: the field's data v, counting by n on each copy ^PQ prints (z, leading zeros:
        // our sequences keep the value's width either way)
        field.data = p[0] ?? "";
        field.serial = Math.trunc(num(p[1], 1));
        break;
      case "SF":
        // ^SFa,b: the mask over the data's end and what each copy adds (serialMask.ts)
        field.mask = { mask: p[0] ?? "", increment: p[1] ?? "1" };
        break;
      case "FS": {
        const value = field.data === null ? null : decodeField(field.data, field.hex, ci);
        // auto justification is the text's own: right for a right-to-left one, else left
        field.justify = (value === null ? field.justify === 1 : rightJustified(field, value)) ? 1 : 0;
        // right justification is followed for an upright text outside a block (elements.ts)
        if (
          field.justify === 1 &&
          (value === null || field.code || field.block || rotationOf(field.orientation, fw) !== 0)
        )
          note("^FO z");
        if (inFormat && value !== null) {
          if (field.mask && value.length > SF_MAX_DATA) {
            note("^SF");
            field.mask = null;
          }
          if (field.code) format.code(field.code, value, field, rotationOf(field.code.orientation, fw));
          else {
            const font = field.font ?? cf;
            const family = font.file ? fonts.family(font.file) : undefined;
            format.text(value, field, font, rotationOf(field.orientation, fw), family);
          }
        }
        field = { ...newField(), reverse: reverseAll };
        break;
      }
      case "GF": {
        const g = graphics.field(cmd.params);
        if (!g) note("^GF C");
        else {
          if (!g.crcOk) note("^GF CRC");
          if (inFormat) format.graphic(g.bitmap, field);
        }
        break;
      }
      case "XG": {
        const g = graphics.recall(p[0] ?? "");
        if (!g) note("^XG ?");
        else if (inFormat) format.graphic(g, field, Math.max(1, Math.min(10, num(p[1], 1))));
        break;
      }
      case "PQ":
        copies = Math.max(1, Math.floor(num(p[0], 1)));
        break;
      case "DF":
        if (inFormat) storing = true;
        break;
      case "XF":
        // a recall of a format the file never stored (stored.ts plays back the others)
        note("^XF ?");
        break;
      case "PO":
        if ((p[0] || "N").trim().toUpperCase() !== "N") note("^PO I");
        break;
      default:
        if (CODE_COMMANDS.has(n)) {
          const code = codeFieldOf(n, cmd.params, by, fw, dpi);
          field.code = code && { ...code, command: `${cmd.prefix}${n}` };
        } else if (!LEFT_OUT.has(n)) note(`${cmd.prefix}${n}`);
    }
  }
  // a last format without its ^XZ still shows what it drew
  if (inFormat && format.els.length) endFormat();
  if (labels.length === 0) throw new ZplError("zpl.error.noLabel");
  return {
    // several labels are numbered after the file: "invoice 1", "invoice 2"…
    labels:
      labels.length === 1
        ? labels
        : labels.map((l, i) => ({
            ...l,
            doc: { ...l.doc, attrs: { ...l.doc.attrs, name: `${l.doc.attrs.name} ${i + 1}` } },
          })),
    unknown: [...unknown].map(([command, count]) => ({ command, count })),
    dpi,
    fonts: fonts.all(),
  };
}
