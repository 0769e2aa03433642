// A cloud file's name without and with its extension: the rename dialog edits the name only and
// keeps the extension for the user (renaming products.csv to "Café catalogue" gives
// "Café catalogue.csv", not the server's "Please upload xlsx, xls or csv").

/** ".csv" of "products.csv" (as typed), "" without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : "";
}

/** The name the user sees in the rename dialog: without the extension. */
export function baseName(name: string): string {
  const ext = extensionOf(name);
  return ext ? name.slice(0, -ext.length) : name;
}

/** The new name with the old one's extension, unless the user typed that extension already. */
export function keepExtension(typed: string, oldName: string): string {
  const ext = extensionOf(oldName);
  const name = typed.trim();
  if (!ext || name.toLowerCase().endsWith(ext.toLowerCase())) return name;
  return `${name}${ext}`;
}
