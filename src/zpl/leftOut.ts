// Commands that change how the printer runs, not what a label shows: read and left out (never
// listed as unknown). The format's own bounds (^XA, ^XZ, ^FS) are here too.
export const LEFT_OUT = new Set([
  "XA",
  "XZ",
  "FX",
  "PR",
  "MD",
  "SD",
  "MN",
  "MT",
  "MM",
  "JU",
  "JZ",
  "TA",
  "JS",
  "ML",
  "MF",
  "CC",
  "CT",
  "CD",
  "PM",
  "JM",
  "FS",
  "XB",
  "JB",
  "IS",
  "ID",
  "JA",
  // a field number outside a stored format (stored.ts fills those)
  "FN",
  // the host's status query, answered by a printer (the assistant's virtual printer does)
  "HS",
]);
