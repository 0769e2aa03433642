// Office: file folder labels, binder spines, address labels and visitor badges.
import { BARCODE, type Industry, MATRIX, template } from "./build";

export const office: Industry = {
  id: "office",
  templates: [
    template("file-folder", 87, 17, (b) => {
      b.box(0, 0, 6, 17, { fill: true, pen: 0 });
      b.text(9, 2, 58, "Invoices - Suppliers", { size: 11, bold: true });
      b.text(9, 8.5, 58, "Finance | Cabinet 2, Drawer 3", { size: 7 });
      b.date(68, 2, 16, { size: 11, bold: true, align: 2, format: "yyyy" });
      b.text(68, 8.5, 16, "A-F", { size: 7, align: 2 });
    }),
    template("binder-spine", 190, 38, (b) => {
      b.box(0, 0, 190, 10, { fill: true, pen: 0 });
      b.text(4, 2, 182, "QUALITY MANAGEMENT SYSTEM", { size: 14, bold: true, inverse: true, align: 0 });
      b.text(4, 14, 182, "Procedures & Work Instructions", { size: 16, bold: true, align: 0 });
      b.text(4, 23, 120, "Volume 2 | QMS-PR-100 to QMS-PR-199", { size: 10 });
      b.barcode(140, 22, 46, 13, "QMS-V2", BARCODE.code128, { size: 7 });
    }),
    template("address-label", 89, 36, (b) => {
      b.text(4, 3, 81, "Ms. Emma Clarke", { size: 11, bold: true });
      b.text(4, 9, 81, "Accounts Payable\nNorthwind Traders Ltd.\n221 King Street\nManchester M2 4LQ", {
        size: 9,
        lines: 4,
      });
    }),
    template("visitor-badge", 89, 41, (b) => {
      b.box(0, 0, 89, 10, { fill: true, pen: 0 });
      b.text(3, 1.5, 83, "VISITOR", { size: 16, bold: true, inverse: true, align: 0, letterSpacing: 3 });
      b.text(4, 13, 58, "Daniel Okafor", { size: 14, bold: true });
      b.text(4, 20, 58, "Brightline Consulting", { size: 9 });
      b.text(4, 25.5, 58, "Host: Priya Shah | Floor 3", { size: 7 });
      b.date(4, 31, 58, { size: 8, bold: true, prefix: "Valid: " });
      b.code2d(66, 13, 20, "VISITOR:V-24-1182", MATRIX.qr);
      b.text(64, 34.5, 24, "V-24-1182", { size: 6, align: 0 });
    }),
  ],
};
