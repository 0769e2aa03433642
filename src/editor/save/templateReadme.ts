// The read-me of a printer template export (issue 36), in the user's language: what the file does
// when sent, the fields (the label's data sources, in ^FN / variable order) and what an ERP sends to
// print one label — the recall or call line, written by the very functions that write the
// template's own recalls (src/print/native/recall.ts).
import type { TemplateNotes } from "../../../machines/saveFlow.export";
import { tsplCall, zplRecall } from "../../print/native/recall";

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The line an ERP sends to print one label, each field's value shown as <name>. */
export function templateCallLine(n: Pick<TemplateNotes, "language" | "name" | "fields">): string {
  const values = n.fields.map((f) => `<${f}>`);
  return n.language === "ZPL"
    ? zplRecall(n.name, values)
    : tsplCall(
        n.name,
        values.map((v) => `"${v}"`),
      ).trimEnd();
}

/** The read-me as plain text (shown in the dialog, and downloadable beside the template). */
export function templateReadme(n: TemplateNotes, t: Translate): string {
  const stored = n.language === "ZPL" ? `E:${n.name}.ZPL` : `${n.name}.BAS`;
  const lines = [
    t("editor.template.readme.head", { name: n.name, language: n.language, dpi: n.dpi }),
    "",
    t("editor.template.readme.send", { file: n.fileName, stored }),
    "",
  ];
  if (n.fields.length) {
    lines.push(t("editor.template.readme.fields"));
    n.fields.forEach((f, i) => {
      lines.push(n.language === "ZPL" ? `  ^FN${i + 1}  ${f}` : `  V${i + 1}$  ${f}`);
    });
  } else lines.push(t("editor.template.readme.noFields"));
  // without fields the call only recalls the template: no value to write, nothing to escape
  const call = n.fields.length ? "editor.template.readme.call" : "editor.template.readme.callFixed";
  lines.push("", t(call), `  ${templateCallLine(n).replace(/\r\n/g, "\n  ")}`);
  if (n.fields.length)
    lines.push(
      "",
      t(n.language === "ZPL" ? "editor.template.readme.zplEscape" : "editor.template.readme.tsplEscape"),
    );
  if (n.left.length) lines.push("", t("editor.template.readme.left", { names: n.left.join(", ") }));
  for (const f of n.outsideFont) lines.push("", t("editor.template.readme.font", f));
  return `${lines.join("\n")}\n`;
}
