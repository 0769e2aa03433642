// The label editor screen (/editLabel): top bar, palette, canvas, attribute panel, bottom bar (spec §2).
// The document starts from the query (labelAttr, labelStatus); every change goes through the store.
import { type ComponentProps, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { shouldWarnOnLeave } from "../../machines/editor.machine";
import { withIdentity } from "../../machines/saveFlow.machine";
import type { CloudLabel } from "../app/api/cloudSave";
import { type UsageLabel, usageLabel } from "../app/printing/printRecord";
import { message } from "../app/ui/message";
import { isEmptyLabel } from "../export/sheets";
import { newElementLanguagePatch } from "../i18n/languageDefaults";
import { PANEL_WIDTH_NARROW, PANEL_WIDTH_WIDE } from "../model/constants";
import type { ElementType, LabelDocument } from "../model/types";
import { useActionContext } from "./actions/useActionContext";
import { type AppDialogs, AppDialogsProvider, useAppDialogs } from "./appDialogs";
import { Canvas } from "./canvas/Canvas";
import type { Viewport } from "./canvas/geometry";
import { CanvasPicker } from "./canvasPicker/CanvasPicker";
import { newCodePatch } from "./codes/newCode";
import { DataProvider } from "./data/context";
import { RecordStepper } from "./data/RecordStepper";
import { ConfirmHost } from "./dialogs/ConfirmHost";
import { useFontSizeCheck } from "./fontSizeCheck";
import { GuideOverlay } from "./guide/GuideOverlay";
import { useGuide } from "./guide/useGuide";
import { InspectorHost, inspectMode } from "./inspector/InspectorHost";
import { inspectorSink } from "./inspector/sink";
import { type ElementsUi, ElementsUiProvider } from "./kinds";
import { LabelSettingsDialog } from "./labelSettings/LabelSettingsDialog";
import { leaveEditor } from "./leave";
import { NarrowPreview } from "./narrow/NarrowPreview";
import { useTableGate } from "./palette/memberGate";
import { Palette } from "./palette/Palette";
import { AttributePanel } from "./panels/AttributePanel";
import { flushTypedEdits } from "./panels/fields/settle";
import { PREF_KEYS, readBool, readUnit, writeBool } from "./prefs";
import { rememberOpener } from "./print/opener";
import { PrintButton } from "./print/PrintButton";
import { PrintDialog } from "./print/PrintDialog";
import { startFromQuery } from "./query";
import { isOpenableFileName } from "./save/localFiles";
import { ExitDialog } from "./save/SaveDialogs";
import { SaveMenu } from "./save/SaveMenu";
import { useSaveFlow } from "./save/useSaveFlow";
import { ScanPanel } from "./scan/ScanPanel";
import { useScanGate } from "./scan/useScanGate";
import {
  EditorContext,
  type EditorContextValue,
  selectDoc,
  useEditorContext,
  useEditorSelector,
  type ViewportApi,
  WithEditorDoc,
} from "./state/context";
import { createEditorStore } from "./state/store";
import { BottomBar } from "./toolbar/BottomBar";
import { ContextMenu } from "./toolbar/ContextMenu";
import { Toolbar } from "./toolbar/Toolbar";
import { RenameDialog } from "./topbar/RenameDialog";
import { TopBar } from "./topbar/TopBar";
import { useLeaveWarning } from "./useLeaveWarning";
import { useNarrow, useTooNarrow } from "./useNarrow";
import { useShortcuts } from "./useShortcuts";
import "./editor.css";
import { printStartOf } from "../app/labelLinks";

/** The editor, given every element kind's UI (src/elements/ui.ts, handed in by the route). */
export default function EditorPage({
  elements,
  dialogs,
}: {
  readonly elements: ElementsUi;
  readonly dialogs: AppDialogs;
}) {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const value = useMemo<EditorContextValue>(() => {
    const start = startFromQuery(window.location.search, tRef.current("app.home.defaultLabelName"));
    if (start.badAttr) queueMicrotask(() => message.warning(tRef.current("editor.start.badAttr")));
    const store = createEditorStore({
      doc: start.doc,
      status: start.status,
      canvasLock: readBool(PREF_KEYS.canvasLock, true),
      notify: (kind, key, vars) => message[kind](tRef.current(key, vars)),
      inspect: inspectorSink.inspect,
      keepCodeX: elements.keepCodeX,
    });
    // QA hook: with the inspector on (?inspect=1), scripts and benchmarks can drive the session
    if (inspectMode(window.location.search) !== "off")
      (window as unknown as { inklessEditor?: unknown }).inklessEditor = store;
    return { store, viewport: { current: null as ViewportApi | null } };
  }, [elements.keepCodeX]);
  return (
    <EditorContext.Provider value={value}>
      <ElementsUiProvider value={elements}>
        <AppDialogsProvider value={dialogs}>
          <DataProvider>
            <EditorScreen />
          </DataProvider>
        </AppDialogsProvider>
      </ElementsUiProvider>
    </EditorContext.Provider>
  );
}

function EditorScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const narrow = useNarrow();
  // below 768 px the editor does not fit: the preview with print and export instead
  const tooNarrow = useTooNarrow();
  // the screen reads only what its own parts show; each part reads its own slice
  const attrs = useEditorSelector((s) => s.doc.attrs);
  const dirty = useEditorSelector((s) => s.dirty);
  const warnOnLeave = useEditorSelector(shouldWarnOnLeave);
  const [showGrid, setShowGridState] = useState(() => readBool(PREF_KEYS.showGrid));
  const [unit, setUnit] = useState(readUnit);
  const [zoom, setZoom] = useState(1);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<"rename" | "exit" | "settings" | "print" | "ai" | null>(null);
  const { AiDialog } = useAppDialogs();
  const [scanOpen, setScanOpen] = useState(false);
  const scanGate = useScanGate();

  const prefs = useMemo(
    () => ({
      showGrid,
      setShowGrid(v: boolean) {
        writeBool(PREF_KEYS.showGrid, v);
        setShowGridState(v);
      },
    }),
    [showGrid],
  );
  const openSettings = useCallback(() => setDialog("settings"), []);
  // print opens the dialog at once (shortcuts are off while it is open) and saves beside it: the
  // print record waits for that save and names the version printed (issue 41); an unchanged shared
  // label prints as it is (saving it would make a copy); an empty one is not printed (the save says so)
  const { store } = useEditorContext();
  const saving = useSaveFlow(store, { onPrint: () => setDialog("print") });
  const { saveCloud, saveBeside, saveLocal } = saving;
  const [besideSave, setBesideSave] = useState<Promise<CloudLabel> | null>(null);
  // a template shared with the user (type share) is read-only: saving makes a copy in their folders
  const { search } = useLocation();
  const shared = useMemo(() => startFromQuery(search).doc.attrs.type === "share", [search]);
  const unchanged = !dirty;
  const openPrint = useCallback(() => {
    if (isEmptyLabel(store.get().doc)) saveCloud("print");
    else {
      setBesideSave(shared && unchanged ? null : saveBeside());
      setDialog("print");
    }
  }, [shared, unchanged, saveCloud, saveBeside, store]);
  // print on scan: a label never saved is saved first (as Print does), so its print records name a
  // template that Reprint can open; a saved one is not saved again on every switch (the record's
  // picture shows what was printed)
  const saveForScanPrint = useCallback(() => {
    if (saving.cloud.id || (shared && unchanged)) return;
    saveCloud();
  }, [shared, unchanged, saving.cloud.id, saveCloud]);
  // scan to print (members): the button and Ctrl+B open the panel, or close it when open
  const toggleScan = useCallback(() => {
    if (scanOpen) setScanOpen(false);
    else void scanGate.allow().then((ok) => ok && setScanOpen(true));
  }, [scanOpen, scanGate]);
  const ui = useMemo(
    () => ({
      openLabelSettings: openSettings,
      scan: toggleScan,
      // what was typed a moment ago is in the label first (a typed content settles after 100 ms)
      save: () => {
        flushTypedEdits();
        saveCloud();
      },
      download: () => {
        flushTypedEdits();
        saveLocal();
      },
      print: () => {
        flushTypedEdits();
        // Ctrl+P: focus comes back to what had it when the print dialog closes
        rememberOpener(document.activeElement);
        openPrint();
      },
    }),
    [openSettings, saveCloud, saveLocal, openPrint, toggleScan],
  );
  const ctx = useActionContext(prefs, ui);
  const guide = useGuide();
  // no shortcuts while a dialog or the editing guide covers the screen; editing shortcuts act on
  // what is shown: only the whole-label ones (save, download, print) while the narrow preview
  // replaces the canvas
  useShortcuts(ctx, dialog === null && guide.step === null, !tooNarrow);
  // ?print=1 ("print" on the shared templates page): the print dialog once the label is loaded
  const printOnOpen = useRef(new URLSearchParams(search).get("print") === "1");
  // a reprint (from /printRecord) starts the dialog with the records and copies printed then
  const [printStart, setPrintStart] = useState(() => printStartOf(search));
  // ?tool=ai | scan (the online tools page): that tool once the label is loaded
  const toolOnOpen = useRef(new URLSearchParams(search).get("tool"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the opening ends
  useEffect(() => {
    if (saving.opening) return;
    const tool = toolOnOpen.current;
    toolOnOpen.current = null;
    if (tool === "ai") setDialog("ai");
    else if (tool === "scan") toggleScan();
    if (!printOnOpen.current) return;
    printOnOpen.current = false;
    openPrint();
  }, [saving.opening]);
  useLeaveWarning(warnOnLeave);
  useFontSizeCheck();
  // the usage calls count the label as it was opened (a library label stays one after printing
  // saved the user's copy)
  const openedAs = useRef(startFromQuery(search).doc.attrs);
  const usageOf = useCallback((c: CloudLabel) => usageLabel(openedAs.current, c), []);
  const usage = usageOf(saving.cloud);

  const tableGate = useTableGate();
  const add = (type: ElementType, client?: { x: number; y: number }) => {
    // member build variant: a non-member gets tip104 and the membership prompt instead of a table
    if (type === "Table") {
      void tableGate.allow().then((ok) => ok && addNow(type, client));
      return;
    }
    addNow(type, client);
  };
  const addNow = (type: ElementType, client?: { x: number; y: number }) => {
    const { store } = ctx;
    const vp = ctx.viewport;
    const at = client ? vp?.clientToDoc(client.x, client.y) : vp?.centre();
    const now = store.get().doc.attrs;
    const p = at ?? { x: now.width / 2, y: now.height / 2 };
    store.send({
      type: "element.add",
      elementType: type,
      x: p.x,
      y: p.y,
      centered: true,
      multiple: vp?.get().zoom ?? 1,
      patch: { ...newCodePatch(type, now), ...newElementLanguagePatch(type, i18n.language) },
    });
  };
  const onViewport = useCallback((v: Viewport) => setZoom(v.zoom), []);
  const exit = () => {
    if (dirty) setDialog("exit");
    else leaveEditor(navigate);
  };

  const panelWidth = narrow ? PANEL_WIDTH_NARROW : PANEL_WIDTH_WIDE;
  return (
    <div
      className={`ink-editor${narrow ? " is-narrow" : ""}${tooNarrow ? " is-too-narrow" : ""}`}
      data-testid="editor"
      data-narrow={narrow}
      data-too-narrow={tooNarrow}
      aria-busy={saving.opening}
    >
      <TopBar
        name={attrs.name}
        width={attrs.width}
        height={attrs.height}
        unit={unit}
        dirty={dirty}
        onExit={exit}
        onRename={() => setDialog("rename")}
        onSettings={openSettings}
        onAi={() => setDialog("ai")}
        onGuide={guide.open}
        editing={!tooNarrow}
        onScan={toggleScan}
        scanOpen={scanOpen}
        actions={
          <>
            <PrintButton onPrint={openPrint} busy={saving.exporting} />
            <SaveMenu
              busy={saving.busy}
              onCloud={() => saving.saveCloud()}
              onExport={saving.exportAs}
              onCalibrate={saving.calibrate}
              onDownload={saving.saveLocal}
              onOpenFile={(f) => void saving.openFile(f)}
            />
          </>
        }
      />
      {shared && (
        <p className="ink-share-notice" role="status" data-testid="share-notice">
          {t("editor.share.notice")}
        </p>
      )}
      {tooNarrow ? (
        <WithEditorDoc>{(doc) => <NarrowPreview doc={doc} />}</WithEditorDoc>
      ) : (
        <div className="ink-editor-body">
          <Palette onAdd={add} isOverCanvas={(x, y) => ctx.viewport?.clientToDoc(x, y) != null} />
          <main
            className="ink-editor-centre"
            aria-label={t("editor.canvas.label")}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes("Files")) e.preventDefault();
            }}
            onDrop={(e) => {
              const f =
                [...e.dataTransfer.files].find((x) => isOpenableFileName(x.name)) ?? e.dataTransfer.files[0];
              if (!f) return;
              e.preventDefault();
              void saving.openFile(f);
            }}
          >
            <Toolbar ctx={ctx} />
            <Canvas showGrid={showGrid} onViewport={onViewport} onContextMenu={(x, y) => setMenu({ x, y })} />
            <CanvasPicker images={attrs.canvas_img} />
            <RecordStepper />
            <BottomBar ctx={ctx} zoom={zoom} onGuide={guide.open} />
          </main>
          <AttributePanel width={panelWidth} ctx={ctx} />
        </div>
      )}
      {menu && !tooNarrow && <ContextMenu x={menu.x} y={menu.y} ctx={ctx} onClose={() => setMenu(null)} />}
      {dialog === "rename" && (
        <RenameDialog
          name={attrs.name}
          onCancel={() => setDialog(null)}
          onRename={(name) => {
            ctx.store.send({ type: "label.update", patch: { name } });
            setDialog(null);
          }}
        />
      )}
      {dialog === "exit" && (
        <ExitDialog
          onCancel={() => setDialog(null)}
          onAbandon={() => leaveEditor(navigate)}
          onSave={() => {
            setDialog(null);
            saving.saveCloud("leave");
          }}
        />
      )}
      {dialog === "settings" && <LabelSettingsDialog onClose={() => setDialog(null)} onUnit={setUnit} />}
      {dialog === "ai" && <AiDialog onClose={() => setDialog(null)} />}
      {dialog === "print" && (
        <PrintDialogOfLabel
          cloud={saving.cloud}
          beside={besideSave}
          usageOf={usageOf}
          usage={usage}
          unit={unit}
          start={printStart}
          onClose={() => {
            // only the first opening is the reprint; later ones start from all records again
            setPrintStart(null);
            setDialog(null);
          }}
        />
      )}
      {scanOpen && (
        <WithEditorDoc>
          {(doc) => (
            <ScanPanel
              doc={doc}
              cloud={saving.cloud}
              onPrintOnScan={saveForScanPrint}
              onClose={() => setScanOpen(false)}
            />
          )}
        </WithEditorDoc>
      )}
      {saving.dialogs}
      {tableGate.dialog}
      {scanGate.dialog}
      {guide.step !== null && !tooNarrow && <GuideOverlay actor={guide.actor} step={guide.step} />}
      <ConfirmHost />
      <InspectorHost />
    </div>
  );
}

/** The print dialog with the label as saved: its template id and type go into the print record;
 * with a save running `beside` it, the record and the usage calls name what that save gave. */
function PrintDialogOfLabel({
  cloud,
  beside,
  usageOf,
  ...props
}: Omit<ComponentProps<typeof PrintDialog>, "doc" | "saving"> & {
  readonly cloud: CloudLabel;
  readonly beside: Promise<CloudLabel> | null;
  readonly usageOf: (c: CloudLabel) => UsageLabel;
}) {
  const doc = useEditorSelector(selectDoc);
  const printDoc = useMemo(() => withIdentity(doc, cloud), [doc, cloud]);
  const named = useMemo(
    () =>
      beside?.then((c) => ({ name: (d: LabelDocument) => withIdentity(d, c), usage: usageOf(c) })) ??
      undefined,
    [beside, usageOf],
  );
  return <PrintDialog doc={printDoc} saving={named} {...props} />;
}
