// Clothing: hang tags, wash-care labels, size strips and shoe-box labels.
import { BARCODE, EAN13_WIDTH, ean13, type Industry, SERIF, template } from "./build";

export const clothing: Industry = {
  id: "clothing",
  templates: [
    template("hang-tag", 50, 90, (b) => {
      b.box(22, 3, 6, 6, { shape: "Ellipse", pen: 0.3 });
      b.text(3, 13, 44, "NORTHWIND", { size: 16, bold: true, align: 0, font: SERIF, letterSpacing: 2 });
      b.text(3, 21, 44, "Merino Crew Sweater", { size: 9, align: 0 });
      b.line(10, 27, 40, 27, 0.3);
      b.box(17, 30, 16, 13, { pen: 0.5, radius: 1.5 });
      b.text(18, 31.5, 14, "M", { size: 24, bold: true, align: 0 });
      b.text(3, 46, 44, "Colour: Heather Grey", { size: 8, align: 0 });
      b.text(3, 50.5, 44, "Style 2291-HG", { size: 8, align: 0 });
      b.text(3, 56, 44, "$89.00", { size: 18, bold: true, align: 0 });
      b.barcode((50 - EAN13_WIDTH) / 2, 67, EAN13_WIDTH, 18, ean13("590123412345"), BARCODE.ean13);
    }),
    template("wash-care", 30, 80, (b) => {
      b.text(2, 3, 26, "80% Cotton", { size: 8, bold: true, align: 0 });
      b.text(2, 7, 26, "20% Polyester", { size: 8, bold: true, align: 0 });
      b.line(4, 12.5, 26, 12.5, 0.2);
      b.text(
        2,
        15,
        26,
        "Machine wash cold 30 °C. Do not bleach. Tumble dry low. Iron medium heat. Do not dry clean.",
        {
          size: 7,
          lines: 8,
          align: 0,
        },
      );
      b.line(4, 43, 26, 43, 0.2);
      b.text(2, 46, 26, "Wash dark colours separately. Reshape while damp.", {
        size: 6.5,
        lines: 4,
        align: 0,
      });
      b.text(2, 62, 26, "Made in Portugal", { size: 7, align: 0 });
      b.text(2, 67, 26, "RN 123456 | CA 54321", { size: 5.5, align: 0 });
      b.text(2, 72, 26, "Lot 24-117", { size: 5.5, align: 0 });
    }),
    template("size-strip", 40, 20, (b) => {
      b.box(0, 0, 14, 20, { fill: true, pen: 0 });
      b.text(0.5, 4.5, 13, "XL", { size: 22, bold: true, align: 0, inverse: true });
      b.text(16, 1.5, 23, "Slim Fit Chino", { size: 7, bold: true });
      b.barcode(16, 6, 22, 12, "SKU-48812-XL", BARCODE.code128, { size: 6 });
    }),
    template("shoe-box", 100, 50, (b) => {
      b.text(4, 3, 60, "TRAILRUNNER GTX", { size: 14, bold: true });
      b.text(4, 10, 60, "Men's trail running shoe | Black / Lime", { size: 8 });
      b.table(
        4,
        16,
        [12, 12, 12, 12],
        [5, 7],
        [
          ["EU", "US", "UK", "CM"],
          ["43", "9.5", "9", "27.5"],
        ],
        { size: 8, boldRows: [1], align: 0 },
      );
      b.text(4, 31, 50, "Art. TR-2291-01", { size: 8 });
      b.date(4, 36, 50, { size: 7, prefix: "Packed ", format: "yyyy-MM" });
      b.barcode(57, 16, EAN13_WIDTH, 22, ean13("871234567890"), BARCODE.ean13);
      b.text(66, 3, 30, "43", { size: 26, bold: true, align: 2 });
      b.text(4, 43, 92, "Made in Vietnam", { size: 7 });
    }),
  ],
};
