// Jewellery: dumbbell (barbell) tags, ring tags, price cards and certificate cards.
import { BARCODE, type Industry, MATRIX, SERIF, template } from "./build";

export const jewellery: Industry = {
  id: "jewellery",
  templates: [
    template("dumbbell-tag", 72, 10, (b) => {
      b.text(1.5, 0.8, 21, "$1,250", { size: 8, bold: true, align: 0 });
      b.barcode(2, 4, 20, 5.5, "R1042", BARCODE.code128, { text: 0 });
      b.line(24, 1, 24, 9, 0.2, true);
      b.line(48, 1, 48, 9, 0.2, true);
      b.text(49.5, 0.8, 21, "18K Gold Ring", { size: 6.5, align: 0, font: SERIF });
      b.text(49.5, 4.5, 21, "0.25 ct | R1042", { size: 6, align: 0 });
    }),
    template("ring-tag", 50, 12, (b) => {
      b.text(1, 1, 23, "Sterling Silver", { size: 6.5, font: SERIF });
      b.text(1, 5, 23, "€89.00", { size: 9, bold: true });
      b.barcode(25, 1.5, 23, 9, "100291", BARCODE.code128, { text: 0 });
    }),
    template("price-card", 50, 30, (b) => {
      b.text(2, 2, 46, "LUMIÈRE", { size: 11, bold: true, align: 0, font: SERIF, letterSpacing: 2 });
      b.text(2, 7.5, 46, "Pearl Drop Earrings", { size: 8, align: 0, font: SERIF });
      b.text(2, 11.5, 46, "14K white gold | 3.1 g", { size: 6.5, align: 0 });
      b.text(2, 15, 46, "$640", { size: 13, bold: true, align: 0, font: SERIF });
      b.barcode(8, 21, 34, 8, "E-7713-WG", BARCODE.code128, { text: 0 });
    }),
    template("certificate-card", 85.6, 54, (b) => {
      b.box(2, 2, 81.6, 50, { pen: 0.3, radius: 2 });
      b.text(4, 4, 77.6, "Certificate of Authenticity", { size: 11, bold: true, align: 0, font: SERIF });
      b.table(
        6,
        12,
        [22, 30],
        [5, 5, 5, 5, 5],
        [
          ["Stone", "Natural diamond"],
          ["Carat", "0.50 ct"],
          ["Colour / Clarity", "G / VS1"],
          ["Cut", "Round brilliant"],
          ["Metal", "Platinum 950"],
        ],
        { size: 6.5 },
      );
      b.code2d(62, 12, 18, "https://verify.example.com/c/LM-24-00871", MATRIX.qr);
      b.text(60, 31, 22, "LM-24-00871", { size: 6, align: 0 });
      b.date(6, 42, 50, { size: 7, prefix: "Issued ", font: SERIF });
      b.text(6, 46, 70, "Lumière Fine Jewellery, Geneva", { size: 6.5, font: SERIF });
    }),
  ],
};
