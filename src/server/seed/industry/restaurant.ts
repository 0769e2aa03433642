// Restaurants and cafés: food rotation labels, takeaway order stickers, cup stickers, delivery seals.
import { BARCODE, type Industry, MATRIX, template } from "./build";

export const restaurant: Industry = {
  id: "restaurant",
  templates: [
    template("food-rotation", 50, 50, (b) => {
      b.box(0, 0, 50, 9, { fill: true, pen: 0 });
      b.text(2, 1.5, 46, "PREP / USE BY", { size: 11, bold: true, inverse: true, align: 0 });
      b.text(3, 11.5, 44, "Item: Chicken stock", { size: 9, bold: true });
      b.date(3, 18, 44, { size: 9, prefix: "Prepared: ", format: "dd/MM/yyyy" });
      b.date(3, 24, 44, { size: 10, bold: true, prefix: "Use by: ", days: 3, format: "dd/MM/yyyy" });
      b.text(3, 31, 44, "Store at 0-5 °C", { size: 8 });
      b.text(3, 37, 20, "By: ____", { size: 8 });
      b.barcode(24, 36, 23, 12, "", BARCODE.code128, { size: 6, sequence: { first: "K0001" } });
    }),
    template("takeaway-order", 60, 40, (b) => {
      b.text(3, 2, 30, "ORDER", { size: 8, bold: true });
      b.text(3, 5.5, 30, "", { size: 24, bold: true, prefix: "#", sequence: { first: "1024" } });
      b.text(3, 16, 36, "1 x Pad Thai (mild)\n1 x Spring rolls\n2 x Jasmine rice", { size: 7.5, lines: 3 });
      b.date(3, 27, 36, { size: 7, format: "HH:mm", prefix: "Ready at " });
      b.text(3, 32, 36, "Thank you, Alex!", { size: 8, bold: true });
      b.code2d(40, 3, 17, "https://order.example.com/r/1024", MATRIX.qr);
    }),
    template("cup-sticker", 40, 30, (b) => {
      b.text(2, 2, 36, "Oat Flat White", { size: 10, bold: true, align: 0 });
      b.text(2, 7.5, 36, "Large | Extra shot | Less hot", { size: 6.5, align: 0 });
      b.line(4, 12, 36, 12, 0.3);
      b.text(2, 14, 36, "SAM", { size: 16, bold: true, align: 0 });
      b.barcode(8, 21.5, 24, 7, "", BARCODE.code128, { text: 0, sequence: { first: "C0571" } });
    }),
    template("delivery-seal", 80, 30, (b) => {
      b.box(1, 1, 78, 28, { pen: 0.5, radius: 2, dash: true });
      b.text(4, 3.5, 52, "SEALED FOR YOUR SAFETY", { size: 9, bold: true });
      b.text(4, 9, 52, "If this seal is broken, do not accept the order.", { size: 6.5, lines: 2 });
      b.text(4, 16.5, 52, "Golden Lotus Kitchen", { size: 8, bold: true });
      b.date(4, 21.5, 52, { size: 7, prefix: "Sealed ", format: "yyyy-MM-dd HH:mm" });
      b.code2d(58, 4.5, 18, "https://order.example.com/r/1024", MATRIX.qr);
    }),
  ],
};
