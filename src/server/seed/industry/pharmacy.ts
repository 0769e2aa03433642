// Pharmacy and medical: prescription labels, specimen tubes, shelf labels and wristbands.
import { BARCODE, EAN13_BARS_WIDTH, ean13, type Industry, MATRIX, template } from "./build";

export const pharmacy: Industry = {
  id: "pharmacy",
  templates: [
    template("prescription", 76, 51, (b) => {
      b.text(3, 2, 48, "Riverside Pharmacy", { size: 9, bold: true });
      b.text(3, 6, 48, "12 High St | 020 7946 0018", { size: 6 });
      b.date(52, 2, 21, { size: 7, align: 2, format: "dd/MM/yyyy" });
      b.line(3, 10, 73, 10, 0.3);
      b.text(3, 11.5, 70, "AMOXICILLIN 500 mg capsules", { size: 10, bold: true });
      b.text(3, 16.5, 70, "Take ONE capsule THREE times a day until finished. Take with water.", {
        size: 8,
        lines: 2,
      });
      b.text(3, 24, 70, "Patient: John Smith", { size: 8 });
      b.text(3, 28, 45, "Qty: 21 | Dr. A. Patel", { size: 7 });
      b.text(3, 32, 45, "Keep out of the reach of children.", { size: 6.5, bold: true });
      b.barcode(3, 37, 45, 12, "RX-2411-004821", BARCODE.code128, { size: 6 });
      b.code2d(55, 30, 18, "RX-2411-004821", MATRIX.dataMatrix);
    }),
    template("specimen-tube", 50, 25, (b) => {
      b.text(2, 1.5, 46, "SMITH, John", { size: 9, bold: true });
      b.text(2, 6, 46, "DOB 1978-03-14 | M | MRN 0048213", { size: 6 });
      b.barcode(2, 9.5, 46, 10, "S24110482", BARCODE.code128, { text: 0 });
      b.text(2, 20.5, 20, "S24110482", { size: 6 });
      b.date(22, 20.5, 26, { size: 6, align: 2, format: "yyyy-MM-dd" });
    }),
    template("pharmacy-shelf", 50, 30, (b) => {
      b.text(2, 2, 46, "Ibuprofen 200 mg", { size: 10, bold: true });
      b.text(2, 7, 30, "24 tablets", { size: 7 });
      b.text(2, 11, 30, "Pain relief | Fever", { size: 6.5 });
      b.text(2, 16, 30, "£2.49", { size: 14, bold: true });
      b.code2d(34, 6, 14, `010${ean13("501234512345")}17271231`, MATRIX.dataMatrix);
      b.barcode(
        (50 - EAN13_BARS_WIDTH) / 2,
        21.5,
        EAN13_BARS_WIDTH,
        7.5,
        ean13("501234512345"),
        BARCODE.ean13,
        { text: 0 },
      );
    }),
    template("wristband", 180, 25, (b) => {
      b.text(30, 2.5, 90, "SMITH, John", { size: 14, bold: true });
      b.text(30, 9.5, 90, "DOB 14/03/1978 | Male | MRN 0048213", { size: 8 });
      b.text(30, 14, 90, "Ward 7B | Dr. A. Patel | Allergies: PENICILLIN", { size: 8, bold: true });
      b.barcode(122, 3, 50, 14, "0048213", BARCODE.code128, { size: 7 });
      b.code2d(10, 3.5, 17, "MRN:0048213", MATRIX.qr);
    }),
  ],
};
