// The template chosen at the print station: its label file as the server gives it to print
// (/api/station/file: the version the team prints), held in an editor session that nothing saves and
// no control edits, so the print dialog and scan-to-print work as in the editor (bound spreadsheets
// loaded, prompts asked, counters reserved and settled by the same print services). The dialog opens
// at once; the picture of the shown record, Print again and Scan to print stay behind it.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { openedFromLibrary } from "../../../machines/saveFlow.machine";
import { DataProvider } from "../../editor/data/context";
import { RecordStepper } from "../../editor/data/RecordStepper";
import { ElementsUiProvider } from "../../editor/kinds";
import { LabelPreview } from "../../editor/narrow/LabelPreview";
import { readUnit } from "../../editor/prefs";
import { rememberOpener } from "../../editor/print/opener";
import { PrintDialog } from "../../editor/print/PrintDialog";
import { ScanPanel } from "../../editor/scan/ScanPanel";
import {
  EditorContext,
  type EditorContextValue,
  selectDoc,
  useEditorSelector,
} from "../../editor/state/context";
import { createEditorStore } from "../../editor/state/store";
import { ELEMENTS_UI } from "../../elements/ui";
import type { CloudLabel } from "../../model/cloudLabel";
import type { LabelDocument } from "../../model/types";
import { type StationTile, stationLabel } from "../api/station";
import { message } from "../ui/message";

interface Opened {
  readonly doc: LabelDocument;
  readonly cloud: CloudLabel;
  readonly version: number;
}

export function StationLabel({ tile, onBack }: { readonly tile: StationTile; readonly onBack: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Opened | null>(null);
  const live = useRef({ t, onBack });
  live.current = { t, onBack };
  useEffect(() => {
    let alive = true;
    stationLabel(tile.id).then(
      (r) => {
        if (!alive) return;
        if (!r.parsed.ok) {
          message.error(live.current.t(r.parsed.error.key));
          live.current.onBack();
          return;
        }
        // a cloud template of the team: the print record and the use counts name it
        const cloud: CloudLabel = {
          status: "edit",
          id: r.id,
          parent_id: "",
          type: "cloud",
          file: "",
          remark: "",
          name: r.name,
        };
        setOpened({ doc: openedFromLibrary(r.parsed.doc, cloud), cloud, version: r.version });
      },
      // the client has shown the server's message (a viewer's role, a template gone)
      () => alive && live.current.onBack(),
    );
    return () => {
      alive = false;
    };
  }, [tile.id]);
  if (!opened)
    return (
      <p role="status" data-testid="station-opening">
        {t("app.station.opening", { name: tile.name })}
      </p>
    );
  return <StationSession opened={opened} onBack={onBack} />;
}

function StationSession({ opened, onBack }: { readonly opened: Opened; readonly onBack: () => void }) {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const value = useMemo<EditorContextValue>(
    () => ({
      store: createEditorStore({
        doc: opened.doc,
        status: "edit",
        canvasLock: true,
        notify: (kind, key, vars) => message[kind](tRef.current(key, vars)),
        keepCodeX: ELEMENTS_UI.keepCodeX,
      }),
      viewport: { current: null },
    }),
    [opened.doc],
  );
  return (
    <EditorContext.Provider value={value}>
      <ElementsUiProvider value={ELEMENTS_UI}>
        <DataProvider>
          <StationPrint cloud={opened.cloud} version={opened.version} onBack={onBack} />
        </DataProvider>
      </ElementsUiProvider>
    </EditorContext.Provider>
  );
}

function StationPrint({
  cloud,
  version,
  onBack,
}: {
  readonly cloud: CloudLabel;
  readonly version: number;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation();
  // the session's document: the same file, with the spreadsheet sources settled once read
  const doc = useEditorSelector(selectDoc);
  const [printing, setPrinting] = useState(true);
  const [scanning, setScanning] = useState(false);
  const unit = useMemo(readUnit, []);
  return (
    <section className="station-chosen" aria-labelledby="station-chosen-name" data-testid="station-chosen">
      <div className="station-bar">
        <button type="button" className="btn station-big" onClick={onBack} data-testid="station-back">
          {t("app.station.back")}
        </button>
        <h2 id="station-chosen-name">{doc.attrs.name}</h2>
        <span className="station-team">{t("app.station.version", { n: version })}</span>
      </div>
      <LabelPreview
        doc={doc}
        label={t("app.station.preview", { name: doc.attrs.name })}
        testId="station-preview"
      />
      <RecordStepper />
      <div className="station-actions">
        <button
          type="button"
          className="btn btn-primary station-big"
          onClick={(e) => {
            rememberOpener(e.currentTarget);
            setScanning(false);
            setPrinting(true);
          }}
          data-testid="station-print"
        >
          {t("print.dialog.print")}
        </button>
        <button
          type="button"
          className="btn station-big"
          aria-pressed={scanning}
          onClick={() => setScanning((v) => !v)}
          data-testid="station-scan"
        >
          {t("app.station.scan")}
        </button>
      </div>
      {printing && <PrintDialog doc={doc} unit={unit} station onClose={() => setPrinting(false)} />}
      {scanning && (
        // the template is saved already: print on scan has nothing to save first
        <ScanPanel
          doc={doc}
          cloud={cloud}
          hint={t("app.station.scanHint")}
          onPrintOnScan={() => undefined}
          onClose={() => setScanning(false)}
        />
      )}
    </section>
  );
}
