// The "online tools" navigation area (application.md §2, "Navigation areas named in the interface"):
// the tools the product's feature wording names (§1: document printing, picture to label, scan to
// print) and the print assistant they print through. /tools lists them; a tool whose page is not
// routed is left out (no dead links).
import { newLabelHref } from "../labelLinks";

export interface ToolEntry {
  readonly id: string;
  /** translation keys of its name and its one-line description */
  readonly label: string;
  readonly description: string;
  /** where it opens (a routed path, with its query) */
  readonly to: (newLabelName: string) => string;
}

/** The editor on a new label with one of its tools open (`?tool=`: EditorPage opens it once loaded). */
const editorWith = (tool: "ai" | "scan") => (name: string) => `${newLabelHref(name)}&tool=${tool}`;

export const TOOL_ENTRIES: readonly ToolEntry[] = [
  { id: "pdfPrint", label: "app.nav.pdfPrint", description: "app.tools.pdfPrint", to: () => "/pdfPrint" },
  { id: "pictureToLabel", label: "ai.open", description: "app.tools.pictureToLabel", to: editorWith("ai") },
  {
    id: "scanToPrint",
    label: "app.tools.scanTitle",
    description: "app.tools.scanToPrint",
    to: editorWith("scan"),
  },
  { id: "download", label: "app.nav.download", description: "app.tools.download", to: () => "/download" },
];

/** The tools whose page is routed, each with its link. */
export function routedTools(
  exists: (path: string) => boolean,
  newLabelName: string,
): (ToolEntry & { readonly href: string })[] {
  return TOOL_ENTRIES.flatMap((e) => {
    const href = e.to(newLabelName);
    return exists(href.split("?")[0]) ? [{ ...e, href }] : [];
  });
}
