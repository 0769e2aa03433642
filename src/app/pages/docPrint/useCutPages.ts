// The cut of /pdfPrint: each page of the range drawn at the cut resolution and cut into label boxes
// (shown page by page as soon as each is cut), and the boxes as the user edits them — moved, resized,
// left out, or drawn by hand (a member's: in custom crop the one box of every page).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type CutMode, cutDocPage, isMemberCut } from "../../../docprint/cut";
import { canvasGray, canvasPreview, grayPages } from "../../../docprint/load";
import { FIND_DPI } from "../../../docprint/pageCut";
import { browserRegions } from "../../../docprint/regionClient";
import type { FracBox } from "../../../docprint/split";
import { fetchMemberInfo } from "../../api/memberInfo";
import { message } from "../../ui/message";
import type { OpenDocument } from "./useDocument";

/** the narrowest preview picture, pixels */
const PREVIEW_MIN = 400;

export interface CutPage {
  readonly n: number;
  readonly image: string;
  readonly aspect: number;
  readonly boxes: readonly FracBox[];
}

interface Options {
  readonly mode: CutMode["kind"];
  readonly setCustomBox: (box: FracBox) => void;
  /** a free user asked for a member's cut */
  readonly onMemberOnly: () => void;
  readonly setBusy: (busy: boolean) => void;
  readonly setProgress: (text: string) => void;
}

export function useCutPages({ mode, setCustomBox, onMemberOnly, setBusy, setProgress }: Options) {
  const { t } = useTranslation();
  const [cut, setCut] = useState<CutPage[] | null>(null);
  const labelTotal = cut?.reduce((s, p) => s + p.boxes.length, 0) ?? 0;

  async function run(doc: OpenDocument, pages: readonly number[], m: CutMode) {
    if (isMemberCut(m) && !(await fetchMemberInfo())?.isMember) return onMemberOnly();
    setBusy(true);
    setCut(null);
    // grey, trimming and the small picture's auto crop on a worker
    const regions = browserRegions();
    try {
      const out: CutPage[] = [];
      const source = grayPages(doc.pages);
      for (const [i, n] of pages.entries()) {
        setProgress(t("docprint.progress.page", { page: i + 1, count: pages.length }));
        // the small picture auto crop reads is also the preview (shown 300 px wide) when it is wide enough
        const small = await doc.pages.draw(n, FIND_DPI);
        const boxes = await cutDocPage(source, n, m, canvasGray(small), regions);
        const preview =
          small.width >= PREVIEW_MIN
            ? small
            : await doc.pages.draw(n, (FIND_DPI * PREVIEW_MIN) / small.width);
        out.push({ n, image: canvasPreview(preview, 480), aspect: small.width / small.height, boxes });
        // each page is shown as soon as it is cut: the first labels appear while later pages are read
        setCut([...out]);
      }
    } catch {
      setCut(null);
      message.error(t("docprint.cut.failed"));
    } finally {
      regions.close();
      setProgress("");
      setBusy(false);
    }
  }

  function removeBox(page: number, index: number) {
    setCut(
      (c) => c?.map((p) => (p.n === page ? { ...p, boxes: p.boxes.filter((_, i) => i !== index) } : p)) ?? c,
    );
  }

  function moveBox(page: number, index: number, box: FracBox) {
    if (mode === "custom") {
      // one box for every page
      setCustomBox(box);
      setCut((c) => c?.map((p) => ({ ...p, boxes: [box] })) ?? c);
      return;
    }
    setCut(
      (c) =>
        c?.map((p) => (p.n === page ? { ...p, boxes: p.boxes.map((b, i) => (i === index ? box : b)) } : p)) ??
        c,
    );
  }

  /** A box drawn by hand (members): in custom crop it is the one box of every page, else one more label of the page. */
  async function addBox(page: number, box: FracBox) {
    if (!(await fetchMemberInfo())?.isMember) return onMemberOnly();
    if (mode === "custom") return moveBox(page, 0, box);
    setCut((c) => c?.map((p) => (p.n === page ? { ...p, boxes: [...p.boxes, box] } : p)) ?? c);
  }

  return { cut, labelTotal, run, clear: () => setCut(null), removeBox, moveBox, addBox };
}
