// Retail: shelf-edge labels, price tags, promotions, product barcodes and weighed goods.
import { BARCODE, EAN13_WIDTH, ean13, type Industry, ROBOTO, template, UPCA_WIDTH, upcA } from "./build";

export const retail: Industry = {
  id: "retail",
  templates: [
    template("shelf-edge", 70, 38, (b) => {
      b.text(3, 2.5, 64, "Organic Whole Milk", { size: 11, bold: true });
      b.text(3, 8, 40, "1 L | Green Valley Farm", { size: 7 });
      b.text(36, 12, 31, "$3.49", { size: 26, bold: true, align: 2, font: ROBOTO });
      b.text(3, 13, 30, "$3.49 per litre", { size: 6.5 });
      b.line(3, 18.5, 33, 18.5, 0.3);
      b.barcode(3, 22.5, EAN13_WIDTH, 13, ean13("501234567890"), BARCODE.ean13);
      b.text(44, 30.5, 23, "Aisle 4 | Bay 12", { size: 6.5, align: 2 });
    }),
    template("price-tag", 50, 30, (b) => {
      b.text(2, 2, 46, "Ceramic Mug 350 ml", { size: 8, bold: true, align: 0 });
      b.text(2, 6.5, 46, "€12.90", { size: 18, bold: true, align: 0, font: ROBOTO });
      b.barcode((50 - EAN13_WIDTH) / 2, 15.5, EAN13_WIDTH, 12.5, ean13("400638133393"), BARCODE.ean13);
    }),
    template("promo-price", 60, 40, (b) => {
      b.box(0, 0, 60, 9, { fill: true, pen: 0 });
      b.text(2, 1.5, 56, "SPECIAL OFFER", { size: 12, bold: true, align: 0, inverse: true });
      b.text(3, 11, 54, "Italian Olive Oil 500 ml", { size: 9, bold: true });
      b.text(3, 16, 22, "was $9.99", { size: 8, strike: true });
      b.text(25, 14.5, 32, "$6.99", { size: 22, bold: true, align: 2, font: ROBOTO });
      b.barcode(3, 25, EAN13_WIDTH, 13, ean13("800159241100"), BARCODE.ean13);
      b.text(43.5, 31, 14.5, "Until 30 June", { size: 5.5, align: 2 });
    }),
    template("upc-sticker", 50, 25, (b) => {
      b.text(2, 1.5, 46, "USB-C Charging Cable 2 m", { size: 7, bold: true, align: 0 });
      b.barcode((50 - UPCA_WIDTH) / 2, 5.5, UPCA_WIDTH, 17, upcA("03600029145"), BARCODE.upcA);
    }),
    template("weighed-goods", 60, 40, (b) => {
      b.text(3, 2, 54, "Aged Cheddar", { size: 12, bold: true });
      b.table(
        3,
        8,
        [18, 18, 18],
        [4.5, 6],
        [
          ["Net weight", "Price / kg", "Total"],
          ["0.352 kg", "$18.90", "$6.65"],
        ],
        { size: 7, boldRows: [1], align: 0 },
      );
      b.barcode((60 - EAN13_WIDTH) / 2, 24, EAN13_WIDTH, 14, ean13("212345006651"), BARCODE.ean13);
      b.date(3, 19.5, 27, { size: 6, prefix: "Packed " });
      b.date(30, 19.5, 27, { size: 6, prefix: "Use by ", days: 14, align: 2 });
    }),
  ],
};
