// Electronics and IT: asset tags, serial-number labels, rating plates and MAC address labels.
import { BARCODE, type Industry, MATRIX, MONO, template } from "./build";

export const electronics: Industry = {
  id: "electronics",
  templates: [
    template("asset-tag", 50, 25, (b) => {
      b.box(0, 0, 50, 6.5, { fill: true, pen: 0 });
      b.text(1.5, 1, 47, "PROPERTY OF ACME IT", { size: 8, bold: true, align: 0, inverse: true });
      b.barcode(2, 8, 31, 15, "", BARCODE.code128, { size: 7, sequence: { first: "IT-00001" } });
      b.code2d(35, 8, 13, "", MATRIX.qr, { sequence: { first: "IT-00001" } });
    }),
    template("serial-number", 60, 20, (b) => {
      b.text(2, 1.5, 36, "Model: X200 Router", { size: 7, bold: true });
      b.text(2, 5, 36, "", { size: 7, font: MONO, prefix: "S/N ", sequence: { first: "X2A2411000101" } });
      b.barcode(2, 9, 37, 9.5, "", BARCODE.code128, { text: 0, sequence: { first: "X2A2411000101" } });
      b.code2d(44, 3, 14, "", MATRIX.dataMatrix, { sequence: { first: "X2A2411000101" } });
    }),
    template("rating-plate", 70, 40, (b) => {
      b.text(3, 2.5, 64, "ACME Power Adapter PA-65", { size: 10, bold: true });
      b.table(
        3,
        8.5,
        [20, 44],
        [4.5, 4.5, 4.5, 4.5],
        [
          ["Input", "100-240 V~ 50/60 Hz 1.5 A"],
          ["Output", "20 V 3.25 A (65 W max)"],
          ["Efficiency", "Level VI"],
          ["Made in", "Malaysia"],
        ],
        { size: 6.5 },
      );
      b.text(3, 28, 44, "", { size: 7, font: MONO, prefix: "S/N ", sequence: { first: "PA65-24110001" } });
      b.text(3, 32.5, 44, "Indoor use only. Do not open.", { size: 6.5 });
      b.code2d(54, 27.5, 11, "", MATRIX.dataMatrix, { sequence: { first: "PA65-24110001" } });
    }),
    template("mac-address", 40, 15, (b) => {
      b.text(1.5, 1, 37, "MAC 00:1A:2B:3C:4D:5E", { size: 7, font: MONO, align: 0 });
      b.barcode(3, 4.5, 34, 9.5, "001A2B3C4D5E", BARCODE.code128, { text: 0 });
    }),
  ],
};
