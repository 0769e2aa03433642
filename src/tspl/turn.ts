// Where a turned TSPL field goes in ZPL. TSC's TSPL/TSPL2 manual (TEXT and BARCODE, parameter
// "rotation": 0, 90, 180, 270 degrees clockwise) turns the field about its reference point (x,y),
// the top left of the upright field: turned 90° it lies left of x and reads down, 180° left of x
// and above y, 270° above y and reads up (the same rule as this reader's turned QRCODE). ZPL's ^FO
// names the top left of the turned box, which needs the field's length; ^FT names a point of the
// field in its own turned frame (a text's baseline start, a code's bottom left), so the point
// `below` dots under (x,y) in the upright field, turned with it, is that origin.
import { turn } from "../zpl/place";

const ORIENTATION: Readonly<Record<number, string>> = { 0: "N", 90: "R", 180: "I", 270: "B" };

/**
 * The ZPL origin and orientation of a field whose upright top left is (x,y), turned `deg`
 * clockwise about it. Upright it stays ^FO (x,y); turned, ^FT at the point `below` dots under the
 * top left (a code's bar height, a text's ascent) turned about (x,y).
 */
export function turnedAt(
  x: number,
  y: number,
  below: number,
  deg: number,
): { origin: string; orientation: string } {
  const orientation = ORIENTATION[deg] ?? "N";
  if (orientation === "N") return { origin: `^FO${x},${y}`, orientation };
  const [dx, dy] = turn(0, below, deg);
  return { origin: `^FT${x + Math.round(dx)},${y + Math.round(dy)}`, orientation };
}
