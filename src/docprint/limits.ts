// What document printing accepts (application.md §5 "Document uploads: txt, pptx, ppt, pdf, doc, docx,
// xls, xlsx, bp, jpg, png") and the limits we chose (docs/docprint.md). 'bp' is left out: nothing
// says what format it is.

export const PDF_TYPES = ["pdf"] as const;
export const PICTURE_TYPES = ["jpg", "jpeg", "png"] as const;
export const TEXT_TYPES = ["txt"] as const;
/** converted to PDF by LibreOffice on the server */
export const OFFICE_TYPES = ["doc", "docx", "xls", "xlsx", "ppt", "pptx"] as const;

export const DOC_TYPES = [...PDF_TYPES, ...PICTURE_TYPES, ...TEXT_TYPES, ...OFFICE_TYPES] as const;

/** the largest document, bytes */
export const MAX_DOC_BYTES = 50 * 1024 * 1024;
/** the most pages read from one document */
export const MAX_DOC_PAGES = 500;
/** the page resolution auto crop reads and labels are cut at (the common thermal head) */
export const CUT_DPI = 203;
/** thumbnails, dpi */
export const THUMB_DPI = 24;

export type DocKind = "pdf" | "picture" | "text" | "office";

/** The kind of a file by its extension (case-insensitive), or null when it is not accepted. */
export function docKind(name: string): DocKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  if ((PDF_TYPES as readonly string[]).includes(ext)) return "pdf";
  if ((PICTURE_TYPES as readonly string[]).includes(ext)) return "picture";
  if ((TEXT_TYPES as readonly string[]).includes(ext)) return "text";
  if ((OFFICE_TYPES as readonly string[]).includes(ext)) return "office";
  return null;
}

/** Accept attribute of the file input. */
export const ACCEPT = DOC_TYPES.map((t) => `.${t}`).join(",");

/** What the upload says when a document has nothing to print (spec §8: "document content empty"). */
export const DOCUMENT_EMPTY = "docprint.upload.empty";

/**
 * Is there nothing to print? An empty file, a text file of blanks only, or a document of no pages
 * (`pageCount` once loaded; `text` for a text file).
 */
export function documentEmpty(d: {
  readonly size: number;
  readonly text?: string;
  readonly pageCount?: number;
}): boolean {
  return d.size === 0 || (d.text !== undefined && d.text.trim() === "") || d.pageCount === 0;
}
