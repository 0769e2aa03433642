// The save flow's types (machines/saveFlow.machine.ts), its context and the pure helpers around it:
// the events it takes, what it emits, the label's cloud identity on a document, a request's outcome.
import type { CloudLabel, SavedTemplate, SaveOutcome, TemplatePayload } from "../src/model/cloudLabel";
import type { LabelDocument } from "../src/model/types";
import type { ExportFile, ExportJob, ExportKind, ExportRunnerEvent, ProgressState } from "./saveFlow.export";

/** What to do after a successful save: go back (exit dialog) or open the print dialog. */
export type AfterSave = "leave" | "print";

export interface StoredDraft {
  readonly doc: LabelDocument;
  readonly savedAt: number;
}

/** What opening the label's cloud file gave: the document, an error message key, or no file. */
export type OpenedLabel = { readonly doc: LabelDocument } | { readonly error: string } | null;

export interface SaveFlowContext {
  /** the cloud identity of the label being edited (not part of the file) */
  readonly cloud: CloudLabel;
  readonly after: AfterSave | null;
  /** the document the running request saves */
  readonly doc: LabelDocument | null;
  /** the upload the cover / conflict dialog sends again */
  readonly payload: TemplatePayload | null;
  /** conflict: what the server holds now */
  readonly current: SavedTemplate | null;
  /** the membership prompt's text (the server's message) */
  readonly memberText: string;
  /** the draft offered back while opening */
  readonly draft: StoredDraft | null;
  /** settling: the route's label attributes after the save, and the key the drafts had before */
  readonly labelAttr: Record<string, unknown> | null;
  readonly previousId: string;
  /** the export being asked or run (null: none) and its progress (null: none shown yet) */
  readonly exportJob: ExportJob | null;
  readonly progress: ProgressState | null;
}

/** The context a save flow starts with: the label's cloud identity, nothing asked yet. */
export function initialSaveFlowContext(cloud: CloudLabel): SaveFlowContext {
  return {
    cloud,
    after: null,
    doc: null,
    payload: null,
    current: null,
    memberText: "",
    draft: null,
    labelAttr: null,
    previousId: "",
    exportJob: null,
    progress: null,
  };
}

export type SaveFlowEvent =
  /** `folder`: the template folder a label saved as new goes into (chosen in the folder dialog) */
  | { type: "save"; doc: LabelDocument; after?: AfterSave; folder?: string }
  | { type: "cover.confirm"; doc: LabelDocument }
  | { type: "cover.cancel" }
  | { type: "conflict.copy"; doc: LabelDocument }
  | { type: "conflict.overwrite"; doc: LabelDocument }
  | { type: "conflict.cancel" }
  | { type: "member.close" }
  | { type: "draft.restore" }
  | { type: "draft.discard" }
  /** the save menu's export of `doc` (the document as it is when asked) */
  | { type: "export"; kind: ExportKind; doc: LabelDocument }
  /** the range dialog's records */
  | { type: "export.range"; range: NonNullable<ExportJob["range"]> }
  /** the printer template dialog's resolution */
  | { type: "export.dpi"; dpi: number }
  /** the printer template's read-me closed */
  | { type: "export.close" }
  /** "Export anyway" in the dialog naming characters no font draws */
  | { type: "export.confirm" }
  /** Cancel in the range, characters or progress dialog */
  | { type: "export.cancel" }
  | ExportRunnerEvent
  | { type: "calibrate" }
  | { type: "calibrate.close" };

export type SaveFlowEmitted =
  | {
      type: "message";
      key: string;
      level: "success" | "warning" | "error";
      vars?: Record<string, string | number>;
    }
  /** the save went through: the route now names the saved label (labelStatus edit) */
  | { type: "saved"; labelAttr: Record<string, unknown> }
  | { type: "leave" }
  | { type: "print" }
  /** an export's file, to download */
  | { type: "download"; file: ExportFile };

/** `doc` with the cloud identity of the label being edited. */
export function withIdentity(doc: LabelDocument, c: CloudLabel): LabelDocument {
  return {
    ...doc,
    attrs: { ...doc.attrs, id: c.id, parent_id: c.parent_id, type: c.type as never, file: c.file },
  };
}

/**
 * The label file opened from the library, with its cloud identity and the library's name: renaming a
 * template changes its name in the library, not inside its file (a draft or a local file keeps its own).
 */
export function openedFromLibrary(doc: LabelDocument, c: CloudLabel): LabelDocument {
  const d = withIdentity(doc, c);
  return c.name ? { ...d, attrs: { ...d.attrs, name: c.name } } : d;
}

/** A request's outcome of one kind. */
export type OutcomeOf<K extends SaveOutcome["kind"]> = Extract<SaveOutcome, { kind: K }>;
/** the request's outcome, in a done event (the machine's guards and actions only run on those) */
export const outcome = (event: unknown) => (event as { output: SaveOutcome }).output;
