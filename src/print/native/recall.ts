// What an ERP sends to print one label of a printer template (issue 36), kept apart from the
// template writer so the editor's read-me can show it without loading the writer: template.ts
// writes the template's own recalls with these, the read-me its example line.

/**
 * One label of a ZPL template: the stored format recalled with each field's data (`data`: in ^FN
 * order, ^FH-escaped).
 */
export function zplRecall(name: string, data: readonly string[]): string {
  const fill = data.map((d, i) => `^FN${i + 1}^FH^FD${d}^FS`).join("");
  return `^XA^CI28^XFE:${name}.ZPL^FS${fill}^PQ1^XZ`;
}

/** One label of a TSPL template: the variables set (`quoted`), then the program's call. */
export function tsplCall(name: string, quoted: readonly string[]): string {
  return `${quoted.map((q, i) => `V${i + 1}$=${q}\r\n`).join("")}${name}\r\n`;
}
