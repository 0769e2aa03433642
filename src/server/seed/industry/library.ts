// Libraries: spine call-number labels, item barcodes and due-date slips.
import { BARCODE, type Industry, template } from "./build";

export const library: Industry = {
  id: "library",
  templates: [
    template("spine-label", 25, 38, (b) => {
      b.text(1.5, 3, 22, "FIC", { size: 11, bold: true, align: 0 });
      b.text(1.5, 10, 22, "ATW", { size: 11, bold: true, align: 0 });
      b.text(1.5, 17, 22, "2019", { size: 10, align: 0 });
      b.text(1.5, 24, 22, "c.2", { size: 10, align: 0 });
      b.line(2, 32, 23, 32, 0.6);
    }),
    template("item-barcode", 50, 25, (b) => {
      b.text(2, 1.5, 46, "Westfield Public Library", { size: 7, bold: true, align: 0 });
      b.barcode(3, 5.5, 44, 17, "", BARCODE.code39, { size: 7, sequence: { first: "31234000123456" } });
    }),
    template("due-date", 50, 25, (b) => {
      b.text(2, 2, 46, "Please return by", { size: 8, align: 0 });
      b.date(2, 7, 46, { size: 16, bold: true, days: 21, format: "dd MMM yyyy", align: 0 });
      b.text(2, 16, 46, "Renew online: library.example.org", { size: 6.5, align: 0 });
      b.text(2, 20, 46, "or call 555-0134", { size: 6.5, align: 0 });
    }),
  ],
};
