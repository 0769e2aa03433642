// Label settings dialog (set mode of machines/labelSettings.machine.ts, spec §2/§4/§5): name, unit,
// size, columns/rows, spacings, paddings, background upload with remove, and a live preview of the
// label grid; also (ours) presets and the target resolution of the codes. The machine validates, converts units and resets cleared fields; on `set` the editor
// applies the attributes as one history entry. In create mode (home page "New label") it starts from
// the defaults and confirm hands the /editLabel address (labelStatus add) to `onNavigate`.
import { useActorRef, useSelector } from "@xstate/react";
import { type KeyboardEvent, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  COUNT_FIELDS,
  fieldDefault,
  labelSettingsMachine,
  NUM_FIELDS,
  type NumField,
  settingsToAttrs,
} from "../../../machines/labelSettings.machine";
import type { CloudFile } from "../../app/api/cloudFiles";
import { newLabelDefaults, rememberUnit } from "../../app/settings/userSettings";
import { message } from "../../app/ui/message";
import { IMAGE_FILE_ACCEPT, useFilePicker } from "../../app/ui/useFilePicker";
import { TIP } from "../../i18n/tips";
import type { MeasureUnit } from "../../model/constants";
import type { AppDialogs } from "../appDialogs";
import { Dialog } from "../dialogs/Dialog";
import { CloudImageChooser } from "../images/CloudImageChooser";
import { readCloudImage } from "../images/cloud";
import { configuredImageLimitKb, warnRefusedImage } from "../images/readUpload";
import { inspected } from "../inspector/actorOptions";
import { readUnit } from "../prefs";
import { ChoiceButtons } from "../save/ModalShell";
import { EditorContext } from "../state/context";
import { PresetFields } from "./PresetFields";
import { previewSheet } from "./preview";
import { redrawJpeg } from "./redrawJpeg";
import { StockSearch } from "./StockSearch";

function imageSizeLimitKb(): number {
  try {
    const n = Number(
      (JSON.parse(localStorage.getItem("configuration") ?? "{}") as { image_size?: unknown }).image_size,
    );
    return Number.isFinite(n) && n > 0 ? n : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

interface LabelSettingsDialogProps {
  readonly onClose: () => void;
  /** the unit chosen in the dialog becomes the editor's MeasureUnit on confirm */
  readonly onUnit?: (unit: MeasureUnit) => void;
  /** create mode (outside the editor): confirm calls this with the editor address */
  readonly onNavigate?: (to: string) => void;
  /** create mode: the app's picture-to-label dialog, offered as "icon recognition" when given */
  readonly AiDialog?: AppDialogs["AiDialog"];
}

function clearStoredBackground(): void {
  try {
    sessionStorage.removeItem("labelBgImgInfo");
  } catch {
    // no session storage: nothing stored either
  }
}

export function LabelSettingsDialog({ onClose, onUnit, onNavigate, AiDialog }: LabelSettingsDialogProps) {
  const { t } = useTranslation();
  const store = useContext(EditorContext)?.store ?? null;
  const create = !store;
  const defaultName = t("app.home.defaultLabelName");
  // the input is read once, at opening
  const actor = useActorRef(
    labelSettingsMachine.provide({ actions: { clearStoredBackground } }),
    inspected(
      "labelSettings",
      store
        ? { mode: "set", unit: readUnit(), attrs: store.get().doc.attrs }
        : { mode: "create", unit: readUnit(), defaultName, defaults: newLabelDefaults() },
    ),
  );
  const snap = useSelector(actor, (s) => s);
  const live = useRef({ t, onClose, onUnit, onNavigate });
  live.current = { t, onClose, onUnit, onNavigate };
  // what the user is typing, before the machine turns it into a number
  const [typing, setTyping] = useState<Partial<Record<NumField, string>>>({});
  // create mode: "icon recognition" swaps this dialog for the AI dialog (application.md §2 dialog 3)
  const [ai, setAi] = useState(false);
  useEffect(() => {
    const subs = [
      actor.on("set", (e) => {
        const unit = actor.getSnapshot().context.unit;
        rememberUnit(unit);
        live.current.onUnit?.(unit);
        store?.send({ type: "label.update", patch: e.attrs });
        live.current.onClose();
      }),
      actor.on("navigate", (e) => {
        rememberUnit(actor.getSnapshot().context.unit);
        live.current.onNavigate?.(e.to);
      }),
      actor.on("close", () => live.current.onClose()),
      actor.on("message", (e) => {
        const tr = live.current.t;
        message.warning(e.vars ? tr(e.key, { ...e.vars, field: tr(String(e.vars.field ?? "")) }) : tr(e.key));
      }),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [actor, store]);

  const c = snap.context;
  const shown = (f: NumField) => typing[f] ?? (Number.isFinite(c.values[f]) ? String(c.values[f]) : "");
  const change = (f: NumField, v: string) => {
    setTyping((s) => ({ ...s, [f]: v }));
    if (v.trim() !== "") actor.send({ type: "field.change", field: f, value: v });
  };
  const settle = (f: NumField) => {
    // clearing a field resets it to its default (the machine does it for an empty value)
    if ((typing[f] ?? "").trim() === "" && typing[f] !== undefined)
      actor.send({ type: "field.change", field: f, value: "" });
    setTyping((s) => {
      const { [f]: _drop, ...rest } = s;
      return rest;
    });
  };
  const upload = (file: File) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      actor.send({
        type: "background.upload",
        fileName: file.name,
        sizeKB: file.size / 1024,
        base64: url.slice(url.indexOf(",") + 1),
        limitKB: imageSizeLimitKb(),
      });
    };
    reader.onerror = () => message.error(t(TIP.uploadFailedOrNoFile));
    reader.readAsDataURL(file);
  };
  // a background from the user's cloud images (spec "Cloud image chooser"; redrawn at quality 0.5)
  const [cloudOpen, setCloudOpen] = useState(false);
  const fromCloud = async (f: CloudFile) => {
    setCloudOpen(false);
    const r = await readCloudImage(f.url, f.name, configuredImageLimitKb());
    if (!r.ok) return r.check ? warnRefusedImage(r.check, t) : message.warning(t(TIP.uploadFailedOrNoFile));
    try {
      const base64 = await redrawJpeg(r.src);
      actor.send({
        type: "background.upload",
        fileName: "cloud.jpeg",
        sizeKB: (base64.length * 3) / 4 / 1024,
        base64,
        limitKB: imageSizeLimitKb(),
      });
    } catch {
      message.warning(t(TIP.uploadFailedOrNoFile));
    }
  };
  const background = useFilePicker({
    accept: IMAGE_FILE_ACCEPT,
    label: t("editor.settings.upload"),
    testId: "settings-background",
    onFiles: ([f]) => upload(f),
  });
  const sheet = previewSheet(c.values, c.unit);
  const stroke = Math.max(sheet.width, sheet.height) / 250;
  const error = c.error
    ? t(c.error.key, { ...c.error.vars, field: t(String(c.error.vars?.field ?? "")) })
    : "";

  const field = (f: NumField) => (
    <label key={f} className="ink-field">
      <span>
        {t(`editor.labelSettings.${f}`)}
        {f !== "columns" && f !== "rows" ? ` (${c.unit})` : ""}
      </span>
      <input
        type="number"
        inputMode="decimal"
        value={shown(f)}
        placeholder={String(fieldDefault(f, c.unit))}
        aria-invalid={c.error?.field === f}
        data-testid={`settings-${f}`}
        step={(COUNT_FIELDS as readonly string[]).includes(f) ? 1 : 0.001}
        onChange={(e) => change(f, e.target.value)}
        onBlur={() => settle(f)}
      />
    </label>
  );
  const confirmOnEnter = (e: KeyboardEvent<HTMLDivElement>) => {
    const f = e.target;
    if (e.key !== "Enter" || !(f instanceof HTMLInputElement) || !["text", "number"].includes(f.type)) return;
    e.preventDefault();
    actor.send({ type: "confirm" });
  };
  if (ai && AiDialog) return <AiDialog onClose={onClose} />;
  return (
    <Dialog
      title={t(create ? "editor.settings.createTitle" : "editor.settings.title")}
      onClose={() => actor.send({ type: "cancel" })}
      testId="label-settings"
      wide
      footer={
        <ChoiceButtons
          choices={[
            ...(create && AiDialog
              ? [{ label: t("ai.open"), onSelect: () => setAi(true), testId: "settings-ai" }]
              : []),
            {
              label: t("editor.dialog.cancel"),
              onSelect: () => actor.send({ type: "cancel" }),
              testId: "settings-cancel",
            },
            {
              label: t("editor.dialog.confirm"),
              onSelect: () => actor.send({ type: "confirm" }),
              testId: "settings-confirm",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <div className="ink-settings">
        {/* Enter in a typed field confirms, as the dialog's main answer (the fields update as typed) */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the fields' own Enter, not a control */}
        <div className="ink-settings-fields" onKeyDown={confirmOnEnter}>
          <label className="ink-field">
            <span>{t("editor.rename.name")}</span>
            <input
              value={c.name}
              maxLength={200}
              aria-invalid={c.error?.field === "name"}
              data-testid="settings-name"
              // the suggested name is selected when the dialog opens or the field is tabbed to: typing replaces it
              onFocus={(e) => e.currentTarget.select()}
              onChange={(e) => actor.send({ type: "field.name", value: e.target.value })}
            />
          </label>
          <label className="ink-field">
            <span>{t("editor.settings.unit")}</span>
            <select
              value={c.unit}
              data-testid="settings-unit"
              onChange={(e) => {
                setTyping({});
                actor.send({ type: "unit.change", unit: e.target.value as MeasureUnit });
              }}
            >
              <option value="mm">mm</option>
              <option value="inch">inch</option>
            </select>
          </label>
          <PresetFields
            layout={settingsToAttrs(c)}
            targetDpi={c.targetDpi}
            onPreset={(id) => {
              setTyping({});
              actor.send({ type: "preset.apply", id });
            }}
            onTargetDpi={(value) => actor.send({ type: "targetDpi.change", value })}
          />
          <StockSearch
            onLayout={(layout) => {
              setTyping({});
              actor.send({ type: "layout.apply", layout });
            }}
          />
          <div className="ink-field-grid">{NUM_FIELDS.map(field)}</div>
          <div className="ink-field">
            <span>{t("editor.settings.background")}</span>
            <div className="ink-field-row">
              <button type="button" className="ink-btn" onClick={background.open}>
                {t("editor.settings.upload")}
              </button>
              {background.input}
              <button
                type="button"
                className="ink-btn"
                onClick={() => setCloudOpen(true)}
                data-testid="settings-background-cloud"
              >
                {t("editor.settings.backgroundCloud")}
              </button>
              {c.background && (
                <button
                  type="button"
                  className="ink-btn"
                  onClick={() => actor.send({ type: "background.remove" })}
                  data-testid="settings-background-remove"
                >
                  {t("editor.settings.removeBackground")}
                </button>
              )}
            </div>
          </div>
          {cloudOpen && (
            <CloudImageChooser onConfirm={(f) => void fromCloud(f)} onClose={() => setCloudOpen(false)} />
          )}
          <p className="ink-field-error" role="alert" data-testid="settings-error">
            {error}
          </p>
        </div>
        <svg
          className="ink-settings-preview"
          viewBox={`0 0 ${sheet.width} ${sheet.height}`}
          preserveAspectRatio="xMidYMid meet"
          role="img"
          aria-label={t("editor.settings.preview")}
          data-testid="settings-preview"
        >
          <rect
            width={sheet.width}
            height={sheet.height}
            fill="#f6f8fb"
            stroke="#c9d2e0"
            strokeWidth={stroke}
          />
          {sheet.cells.map((cell) => (
            <rect
              key={`${cell.x},${cell.y}`}
              data-testid="preview-cell"
              x={cell.x}
              y={cell.y}
              width={cell.w}
              height={cell.h}
              fill="#fff"
              stroke="#3f80f5"
              strokeWidth={stroke}
            />
          ))}
        </svg>
      </div>
    </Dialog>
  );
}
