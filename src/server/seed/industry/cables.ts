// Cables and networks: cable flags, self-laminating wraps, patch-panel strips and cable-end labels.
import { type Industry, MATRIX, MONO, template } from "./build";

export const cables: Industry = {
  id: "cables",
  templates: [
    template("cable-flag", 60, 20, (b) => {
      // folded around the cable at the dashed line: both halves show the same text
      b.text(1.5, 3, 25, "SRV-01 eth0", { size: 9, bold: true, align: 0, font: MONO });
      b.text(1.5, 9.5, 25, "Rack A | U12", { size: 7, align: 0 });
      b.line(30, 0.5, 30, 19.5, 0.2, true);
      b.text(33.5, 3, 25, "SRV-01 eth0", { size: 9, bold: true, align: 0, font: MONO });
      b.text(33.5, 9.5, 25, "Rack A | U12", { size: 7, align: 0 });
      b.text(1.5, 15, 25, "to SW-02 p24", { size: 6.5, align: 0 });
      b.text(33.5, 15, 25, "to SW-02 p24", { size: 6.5, align: 0 });
    }),
    template("cable-wrap", 38, 25, (b) => {
      // the printable area is the top third; the clear part wraps over it
      b.text(1, 1, 36, "", { size: 9, bold: true, align: 0, font: MONO, sequence: { first: "C-0001" } });
      b.text(1, 5, 36, "PATCH 2 m CAT6", { size: 6, align: 0 });
      b.line(1, 8.8, 37, 8.8, 0.2, true);
    }),
    template("patch-panel", 100, 9, (b) => {
      b.table(
        2,
        1,
        [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
        [7],
        [["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]],
        { size: 8, align: 0, boldRows: [0] },
      );
    }),
    template("cable-end", 30, 12, (b) => {
      b.code2d(1, 1, 10, "", MATRIX.dataMatrix, { sequence: { first: "CB-000101" } });
      b.text(12.5, 1.5, 17, "", { size: 6.5, bold: true, font: MONO, sequence: { first: "CB-000101" } });
      b.text(12.5, 5, 17, "Fibre OM4 LC", { size: 6 });
      b.text(12.5, 8, 17, "3 m", { size: 6 });
    }),
  ],
};
