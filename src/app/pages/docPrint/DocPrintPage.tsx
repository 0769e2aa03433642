// /pdfPrint (application.md §1 document printing, §2, §5, §6): a document (PDF, picture, text, or an
// office file converted on the server) is cut into labels — auto crop for everyone, a custom box or a
// rows × columns split for members — previewed with movable boxes, and printed through the usual
// paths (print assistant, browser, cloud device) or saved as a label-size PDF. docs/docprint.md.
// This file puts the parts together: UploadCard, CutSettings, the preview (PagePreview), OutputBar.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CutMode } from "../../../docprint/cut";
import { parsePageRange } from "../../../docprint/range";
import { fetchMemberInfo } from "../../api/memberInfo";
import { MembershipPrompt } from "../member/MembershipPrompt";
import { CutSettings } from "./CutSettings";
import { OutputBar } from "./OutputBar";
import { PagePreview } from "./PagePreview";
import { UploadCard } from "./UploadCard";
import { useCutPages } from "./useCutPages";
import { useCutSettings } from "./useCutSettings";
import { useDocOutput } from "./useDocOutput";
import { useDocument } from "./useDocument";
import { usePrintTargets } from "./usePrintTargets";
import "./docPrint.css";

export default function DocPrintPage() {
  const { t } = useTranslation();
  const { doc, loading, error: loadError, thumbs, open: openDocument } = useDocument();
  const s = useCutSettings();
  const [progress, setProgress] = useState("");
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [copies, setCopies] = useState("1");
  const targets = usePrintTargets();
  const memberOnly = () => setPrompt(t("docprint.member"));
  const cuts = useCutPages({
    mode: s.mode,
    setCustomBox: s.setCustomBox,
    onMemberOnly: memberOnly,
    setBusy,
    setProgress,
  });
  const { cut, labelTotal } = cuts;
  const output = useDocOutput({
    doc,
    cut,
    labelTotal,
    size: s.size,
    tone: s.tone,
    copies,
    targets,
    setBusy,
    setProgress,
  });

  const pageCount = doc?.pages.pageCount ?? 0;
  const parsed = useMemo(() => parsePageRange(s.range, pageCount), [s.range, pageCount]);
  const rangeError = doc && !parsed.ok ? t("docprint.range.error", { count: pageCount }) : "";

  async function open(file: File) {
    cuts.clear();
    if (await openDocument(file, s.size)) s.setRange("");
  }

  async function chooseMode(next: CutMode["kind"]) {
    if (next !== "auto" && !(await fetchMemberInfo())?.isMember) return memberOnly();
    s.setMode(next);
    cuts.clear();
  }

  return (
    <main className="user-page docprint-page-root" aria-busy={busy || loading}>
      <h1>{t("docprint.title")}</h1>
      <p className="muted">{t("docprint.intro")}</p>
      <UploadCard doc={doc} loadError={loadError} thumbs={thumbs} onFile={(f) => void open(f)} />
      {doc ? (
        <CutSettings
          s={s}
          rangeError={rangeError}
          canCut={parsed.ok}
          busy={busy}
          onMode={(m) => void chooseMode(m)}
          onStale={cuts.clear}
          onCut={() => {
            if (parsed.ok) void cuts.run(doc, parsed.pages, s.cutMode());
          }}
        />
      ) : null}
      {progress ? (
        <p className="muted" role="status">
          {progress}
        </p>
      ) : null}
      {cut ? (
        <section className="card docprint-preview" aria-labelledby="docprint-preview-title">
          <h2 id="docprint-preview-title">{t("docprint.preview.title")}</h2>
          <p data-testid="docprint-count">{t("docprint.preview.count", { count: labelTotal })}</p>
          <div className="docprint-pages">
            {cut.map((p) => (
              <PagePreview
                key={p.n}
                page={p.n}
                image={p.image}
                aspect={p.aspect}
                boxes={p.boxes}
                onChange={(i, b) => cuts.moveBox(p.n, i, b)}
                onRemove={s.mode === "custom" ? undefined : (i) => cuts.removeBox(p.n, i)}
                onAdd={(b) => void cuts.addBox(p.n, b)}
                addButton={s.mode !== "custom"}
              />
            ))}
          </div>
          <OutputBar
            targets={targets}
            copies={copies}
            setCopies={setCopies}
            labelTotal={labelTotal}
            busy={busy}
            onPrint={() => void output.print()}
            onSavePdf={() => void output.savePdf()}
          />
        </section>
      ) : null}
      {prompt ? <MembershipPrompt text={prompt} onClose={() => setPrompt("")} /> : null}
    </main>
  );
}
