// The open document of /pdfPrint: reading a file by its kind (PDF, picture, text, office through the
// server), the limits, a translated error for anything unreadable, and the thumbnails, drawn one
// after the other once the document is open. A newer file wins over one still loading.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CUT_DPI,
  DOCUMENT_EMPTY,
  docKind,
  documentEmpty,
  MAX_DOC_BYTES,
  THUMB_DPI,
} from "../../../docprint/limits";
import { canvasPreview, type DocPages, pdfPages, picturePages, textPages } from "../../../docprint/load";
import { officeToPdf } from "../../../docprint/office";
import { isImageTooLarge, MAX_IMAGE_PIXELS } from "../../../image/guard";
import { ApiError } from "../../api/client";

export interface OpenDocument {
  /** the file's name without its extension */
  readonly name: string;
  readonly pages: DocPages;
}

export function useDocument() {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<OpenDocument | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const [thumbs, setThumbs] = useState<string[]>([]);
  const seq = useRef(0);

  useEffect(() => () => doc?.pages.close(), [doc]);

  async function thumbnails(pages: DocPages, at: number) {
    const list: string[] = [];
    for (let n = 1; n <= pages.pageCount && at === seq.current; n++) {
      list.push(canvasPreview(await pages.draw(n, THUMB_DPI), 160));
      setThumbs([...list]);
    }
  }

  /** Opens `file` (text is set in pages of `textSize` mm); true once a new document is open. */
  async function open(file: File, textSize: { width: number; height: number }): Promise<boolean> {
    const at = ++seq.current;
    setError("");
    const kind = docKind(file.name);
    if (!kind) {
      setError(t("docprint.upload.type"));
      return false;
    }
    if (file.size > MAX_DOC_BYTES) {
      setError(t("docprint.upload.tooLarge", { mb: MAX_DOC_BYTES / 1048576 }));
      return false;
    }
    if (documentEmpty({ size: file.size })) {
      setError(t(DOCUMENT_EMPTY));
      return false;
    }
    setLoading(true);
    try {
      let pages: DocPages;
      if (kind === "pdf") pages = await pdfPages(new Uint8Array(await file.arrayBuffer()));
      else if (kind === "picture") pages = await picturePages(file, CUT_DPI);
      else if (kind === "text") {
        const text = await file.text();
        if (documentEmpty({ size: file.size, text })) {
          if (at === seq.current) setError(t(DOCUMENT_EMPTY));
          return false;
        }
        pages = textPages(text, textSize.width, textSize.height);
      } else pages = await pdfPages(await officeToPdf(file));
      if (at !== seq.current) {
        pages.close();
        return false;
      }
      if (documentEmpty({ size: file.size, pageCount: pages.pageCount })) {
        pages.close();
        setError(t(DOCUMENT_EMPTY));
        return false;
      }
      setDoc({ name: file.name.replace(/\.[^.]+$/, ""), pages });
      setThumbs([]);
      void thumbnails(pages, at).catch(() => undefined);
      return true;
    } catch (e) {
      // the server's answers are translated; a picture over the cap says so; anything else (a broken
      // file) is a read failure
      if (at === seq.current)
        setError(
          e instanceof ApiError && e.message
            ? e.message
            : isImageTooLarge(e)
              ? t("image.error.tooLarge", { megapixels: MAX_IMAGE_PIXELS / 1e6 })
              : t("docprint.upload.unreadable"),
        );
      return false;
    } finally {
      if (at === seq.current) setLoading(false);
    }
  }

  return { doc, loading, error, thumbs, open };
}
