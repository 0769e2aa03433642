// The office printer's calibration page: an A4 page laid out exactly like the label's "A4 at actual
// size, labels tiled" PDF (layout.ts tiledGeometry), but with, at each label, its outline and a
// crosshair at its centre whose arms carry millimetre rulers (a tick each mm, a longer one each
// 5 mm). Printed on a sheet of the labels, a cross that does not sit on its label's centre shows how
// far the printer moves the page: the user reads that off the ruler and enters it as the offset,
// which moves this page and the tiled PDFs alike (pagePlacement). Line art only: no fonts.
import type { SheetLayout } from "../model/types";
import { mmToPt } from "../model/units";
import { pagePlacement, type SheetOffset, tiledGeometry } from "./layout";
import { concat, n3, PdfWriter } from "./pdf/writer";

/** Each ruler arm's length from the centre, in mm (no longer than a quarter of a small label). */
export const CROSS_ARM_MM = 10;
/** Line widths in mm: the cross and its ticks, the label outline (light grey). */
const CROSS_WIDTH_MM = 0.2;
const OUTLINE_WIDTH_MM = 0.1;

/** The crosshairs' centres on the page in mm, offset included (what the test and the page agree on). */
export function calibrationCentres(attrs: SheetLayout, offset?: SheetOffset): { x: number; y: number }[] {
  const g = tiledGeometry(attrs);
  const place = pagePlacement(g.width, g.height, "tiled", offset);
  return g.cells.map((c) => ({ x: place.x + c.x + g.labelWidth / 2, y: place.y + c.y + g.labelHeight / 2 }));
}

/** The page's drawing (mm, y down, inside the page frame). */
function pageOps(attrs: SheetLayout): string {
  const g = tiledGeometry(attrs);
  const arm = Math.min(CROSS_ARM_MM, g.labelWidth / 2, g.labelHeight / 2);
  const whole = Math.floor(arm);
  const ops: string[] = [`0.6 G ${n3(OUTLINE_WIDTH_MM)} w`];
  for (const c of g.cells) ops.push(`${n3(c.x)} ${n3(c.y)} ${n3(g.labelWidth)} ${n3(g.labelHeight)} re S`);
  ops.push(`0 G ${n3(CROSS_WIDTH_MM)} w`);
  for (const c of g.cells) {
    const cx = c.x + g.labelWidth / 2;
    const cy = c.y + g.labelHeight / 2;
    ops.push(
      `${n3(cx - arm)} ${n3(cy)} m ${n3(cx + arm)} ${n3(cy)} l ${n3(cx)} ${n3(cy - arm)} m ${n3(cx)} ${n3(cy + arm)} l`,
    );
    for (let i = -whole; i <= whole; i++) {
      if (i === 0) continue;
      const tick = i % 5 === 0 ? 1.5 : 0.75;
      ops.push(`${n3(cx + i)} ${n3(cy - tick)} m ${n3(cx + i)} ${n3(cy + tick)} l`);
      ops.push(`${n3(cx - tick)} ${n3(cy + i)} m ${n3(cx + tick)} ${n3(cy + i)} l`);
    }
  }
  ops.push("S");
  return ops.join("\n");
}

/** The calibration page as a PDF file (one A4 page), with `offset` applied as it would be to labels. */
export function calibrationPdf(attrs: SheetLayout, offset?: SheetOffset): Uint8Array {
  const g = tiledGeometry(attrs);
  const place = pagePlacement(g.width, g.height, "tiled", offset);
  const w = new PdfWriter();
  const pw = n3(mmToPt(place.pageWidth));
  const ph = n3(mmToPt(place.pageHeight));
  // the same frame as the labels' pages (document.ts): mm, y down, moved by the offset
  const frame = `${n3(mmToPt(1))} 0 0 ${n3(-mmToPt(1))} ${n3(mmToPt(place.x))} ${n3(mmToPt(place.pageHeight - place.y))} cm`;
  const content = w.stream("", `q ${frame}\n${pageOps(attrs)}\nQ\n`);
  const pages = w.reserve();
  const page = w.put(`<</Type/Page/Parent ${pages} 0 R/MediaBox[0 0 ${pw} ${ph}]/Contents ${content} 0 R>>`);
  w.put(`<</Type/Pages/Kids[${page} 0 R]/Count 1>>`, pages);
  const catalog = w.put(`<</Type/Catalog/Pages ${pages} 0 R>>`);
  const info = w.put("<</Title(Inkless calibration page)/Creator(Inkless)/Producer(Inkless)>>");
  return concat(w.finish(catalog, info));
}
