// Warehouse and logistics: 4 × 6 in shipping labels, GS1 pallet labels, bin locations, carton labels.
import { BARCODE, type Industry, itf14, MATRIX, sscc, template } from "./build";

const W = 101.6; // 4 in
const H = 152.4; // 6 in

export const logistics: Industry = {
  id: "logistics",
  templates: [
    template("shipping-4x6", W, H, (b) => {
      b.text(4, 4, 50, "FROM", { size: 7, bold: true });
      b.text(4, 7.5, 56, "Inkless Supply Co.\n48 Mill Road\nLeeds LS1 4AB, United Kingdom", {
        size: 8,
        lines: 3,
      });
      b.box(70, 4, 27.6, 16, { pen: 0.6 });
      b.text(71, 6, 25.6, "PRIORITY", { size: 9, bold: true, align: 0 });
      b.text(71, 11, 25.6, "2-DAY", { size: 14, bold: true, align: 0 });
      b.line(0, 23, W, 23, 0.8);
      b.text(4, 26, 50, "SHIP TO", { size: 8, bold: true });
      b.text(4, 31, 93, "Maria Fernandes\nRua das Flores 112, 3º Esq.\n4050-262 Porto\nPORTUGAL", {
        size: 13,
        lines: 4,
      });
      b.line(0, 57, W, 57, 0.8);
      b.code2d(4, 60, 28, "https://track.example.com/1Z999AA10123456784", MATRIX.qr);
      b.text(36, 61, 60, "ROUTE", { size: 7, bold: true });
      b.text(36, 65, 60, "PT 4050 02", { size: 22, bold: true });
      b.text(36, 76, 60, "Weight 2.4 kg | 1 of 1", { size: 8 });
      b.line(0, 92, W, 92, 0.8);
      b.text(4, 95, 93, "TRACKING #", { size: 8, bold: true });
      b.barcode(8, 100, 85.6, 30, "1Z999AA10123456784", BARCODE.code128, { size: 10 });
      b.line(0, 138, W, 138, 0.8);
      b.text(4, 141, 50, "Ref: ORDER 100482", { size: 8 });
      b.date(60, 141, 37.6, { size: 8, align: 2 });
    }),
    template("pallet-sscc", W, H, (b) => {
      b.text(4, 4, 93, "Inkless Supply Co.", { size: 14, bold: true });
      b.text(4, 11, 93, "48 Mill Road, Leeds LS1 4AB", { size: 8 });
      b.line(0, 17, W, 17, 0.6);
      b.table(
        4,
        20,
        [46.8, 46.8],
        [6, 9, 6, 9],
        [
          ["SSCC", "CONTENT (GTIN)"],
          [sscc("35012345000000001"), "05012345678900"],
          ["COUNT", "BATCH / LOT"],
          ["48", "L2411A"],
        ],
        { size: 9, boldRows: [1, 3], pen: 0.3 },
      );
      b.line(0, 54, W, 54, 0.6);
      b.barcode(6, 58, 89.6, 28, "(02)05012345678900(37)48(10)L2411A", BARCODE.gs1_128, { size: 8 });
      b.barcode(6, 92, 89.6, 34, `(00)${sscc("35012345000000001")}`, BARCODE.gs1_128, { size: 9 });
      b.date(4, 134, 93, { size: 9, prefix: "Shipped: " });
      b.text(4, 140, 93, "Pallet 1 of 3", { size: 9, bold: true });
    }),
    template("bin-location", 100, 50, (b) => {
      b.box(0, 0, 100, 14, { fill: true, pen: 0 });
      b.text(3, 2, 94, "ZONE A | PICK FACE", { size: 14, bold: true, inverse: true });
      b.text(3, 17, 94, "A-12-03-B", { size: 34, bold: true, align: 0 });
      b.barcode(15, 33, 70, 15, "A-12-03-B", BARCODE.code128, { text: 0 });
    }),
    template("carton-itf14", 100, 70, (b) => {
      b.text(4, 3, 92, "Organic Whole Milk 1 L", { size: 13, bold: true });
      b.table(
        4,
        11,
        [30.7, 30.7, 30.6],
        [5, 8],
        [
          ["QTY", "BATCH", "BEST BEFORE"],
          ["12 x 1 L", "B24117", "2026-12-15"],
        ],
        { size: 9, boldRows: [1], align: 0 },
      );
      b.barcode(8, 30, 84, 34, itf14("1501234567890"), BARCODE.itf14, { size: 10 });
    }),
  ],
};
