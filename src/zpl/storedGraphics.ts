// The graphics of one file: ^GF decoded where it stands, ~DG kept by name for ^XG, all of them
// counted against ZPL_MAX_GRAPHIC_BYTES before they are decoded.
import { num as numOr } from "./field";
import { type DotBitmap, decodeGraphic, graphicShape } from "./graphic";
import { ZPL_MAX_GRAPHIC_BYTES, ZplError } from "./limits";
import { objectName } from "./stored";

const num = (s: string | undefined) => numOr(s, 0);

export class FileGraphics {
  private readonly stored = new Map<string, DotBitmap>();
  private bytes = 0;

  private count(n: number): void {
    this.bytes += n;
    if (this.bytes > ZPL_MAX_GRAPHIC_BYTES)
      throw new ZplError("zpl.error.graphicTooLarge", { megadots: (ZPL_MAX_GRAPHIC_BYTES * 8) / 1e6 });
  }

  /** ~DGname,total bytes,bytes per row,data: kept for ^XG. */
  download(params: string): void {
    const p = params.split(",");
    const { rows, bpr } = graphicShape(num(p[1]), num(p[2]));
    this.count(rows * bpr);
    this.stored.set(objectName(p[0], "GRF"), decodeGraphic("A", p.slice(3).join(","), num(p[1]), bpr).bitmap);
  }

  /** ^GFa,b,c,d,data (format, data bytes, graphic bytes, bytes per row); null for format C. */
  field(params: string): { bitmap: DotBitmap; crcOk: boolean } | null {
    const p = params.split(",");
    const format = (p[0] || "A").trim().toUpperCase();
    if (format === "C") return null;
    const total = num(p[2]);
    const { rows, bpr } = graphicShape(total, num(p[3]));
    this.count(rows * bpr);
    const head = params.split(",", 4).join(",").length + 1;
    return decodeGraphic(format, params.slice(head), total, bpr);
  }

  /** A stored graphic ("R:LOGO.GRF" and "LOGO" are the same), or undefined. */
  recall(name: string): DotBitmap | undefined {
    return this.stored.get(objectName(name, "GRF"));
  }
}
