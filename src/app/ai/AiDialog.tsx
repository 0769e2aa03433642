// The AI dialog (application.md §2 dialog 9): drop or choose a picture or PDF of a label, adjust the
// crop the server proposes, check the label size, confirm: the editor opens on the generated label
// (labelStatus add, named 'New Label', type AI). The flow is machines/aiFlow.machine.ts.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  AI_EXTENSIONS,
  AI_MAX_FILE_MB,
  aiFlowMachine,
  type PickedFile,
} from "../../../machines/aiFlow.machine";
import { useLength } from "../../app/ui/useLength";
import { Dialog } from "../../editor/dialogs/Dialog";
import { inspected } from "../../editor/inspector/actorOptions";
import { ChoiceButtons } from "../../editor/save/ModalShell";
import { defaultLabelAttrs } from "../../model/defaults";
import { defaultOcrLanguage } from "../../model/ocrLanguages";
import { fromMm, toMm } from "../../model/units";
import { editorHref } from "../labelLinks";
import { message } from "../ui/message";
import { dayTrials, generateLabel, locateLabel, uploadPicture } from "./aiRequests";
import { CropView as CropArea } from "./CropView";
import { announceLabelOpen } from "./labelOpen";
import { TextLanguageField } from "./TextLanguageField";
import "./ai.css";

async function pick(file: File): Promise<PickedFile> {
  const head = [...new Uint8Array(await file.slice(0, 3).arrayBuffer())];
  return { name: file.name, size: file.size, head, file };
}

export default function AiDialog({ onClose }: { readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const live = useRef({ t, navigate, pathname, onClose });
  live.current = { t, navigate, pathname, onClose };
  const actor = useActorRef(
    aiFlowMachine.provide({
      actors: {
        trials: fromPromise(() => dayTrials()),
        upload: fromPromise(({ input }) => uploadPicture(input.file)),
        locate: fromPromise(({ input }) => locateLabel(input.url)),
        // no language chosen: the UI language's (what the field shows)
        generate: fromPromise(({ input }) =>
          generateLabel({ ...input, language: input.language || defaultOcrLanguage(i18n.language) }),
        ),
      },
    }),
    inspected("aiFlow"),
  );
  const snap = useSelector(actor, (s) => s);
  const length = useLength();
  const [over, setOver] = useState(false);

  useEffect(() => {
    actor.send({ type: "open" });
    const subs = [
      actor.on("message", (e) => {
        const text = live.current.t(e.key, e.vars);
        if (e.level === "error") message.error(text);
        else message.warning(text);
      }),
      actor.on("done", (e) => {
        const { t: tr, navigate: go, pathname: at, onClose: close } = live.current;
        const href = editorHref(
          defaultLabelAttrs({
            name: tr("app.home.defaultLabelName"),
            width: e.width,
            height: e.height,
            type: "AI",
            file: e.fileUrl,
          }),
          "add",
        );
        close();
        // already in the editor: replace the route and tell the editor to open the new label
        if (at.endsWith("/editLabel")) {
          go(href, { replace: true });
          announceLabelOpen();
        } else go(href);
      }),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [actor]);

  const c = snap.context;
  const busy = snap.matches("uploading") || snap.matches("confirming") || snap.matches("generating");
  const cropping = c.picture !== null && c.corners !== null && (snap.matches("cropping") || busy);
  const usedUp = c.trials !== null && c.trials.left <= 0;
  const choose = async (file: File | undefined) => {
    if (file) actor.send({ type: "file", file: await pick(file) });
  };
  const cancel = () => {
    actor.send({ type: "cancel" });
    onClose();
  };

  return (
    <Dialog
      title={t("ai.title")}
      onClose={cancel}
      testId="ai-dialog"
      wide
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: cancel, testId: "ai-cancel" },
            {
              label: t("editor.dialog.confirm"),
              onSelect: () => actor.send({ type: "confirm" }),
              testId: "ai-confirm",
              tone: "primary",
              disabled: !snap.matches("cropping"),
            },
          ]}
        />
      }
    >
      <div className="ink-ai" aria-busy={busy}>
        <p className="ink-ai-notice" data-testid="ai-notice" role="status">
          {c.trials === null
            ? ""
            : usedUp
              ? t("ai.error.usedUp")
              : t("ai.notice", { total: c.trials.total, count: c.trials.left })}
        </p>
        {cropping && c.picture && c.corners ? (
          <>
            <CropArea
              src={c.picture.preview}
              width={c.picture.width}
              height={c.picture.height}
              corners={c.corners}
              onCorner={(index, point) => actor.send({ type: "corner", index, point })}
            />
            <div className="ink-ai-size">
              {(["width", "height"] as const).map((side) => (
                <label key={side} className="ink-field">
                  <span>{length.label(`ai.${side}`)}</span>
                  <input
                    type="number"
                    min={0}
                    step={length.unit === "inch" ? 0.01 : 0.1}
                    defaultValue={c[side] ? fromMm(c[side], length.unit) : ""}
                    placeholder={side === "height" ? t("ai.heightAuto") : undefined}
                    data-testid={`ai-${side}`}
                    onChange={(e) =>
                      actor.send({ type: "size", [side]: toMm(Number(e.target.value), length.unit) })
                    }
                  />
                </label>
              ))}
              <TextLanguageField
                value={c.language || defaultOcrLanguage(i18n.language)}
                onChange={(language) => actor.send({ type: "language", language })}
              />
            </div>
            {busy && <p role="status">{t("ai.generating")}</p>}
          </>
        ) : (
          <label
            className={`ink-ai-drop${over ? " is-over" : ""}`}
            data-testid="ai-drop"
            aria-disabled={usedUp || busy}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(false);
              void choose(e.dataTransfer.files[0]);
            }}
          >
            <span>{busy ? t("ai.uploading") : t("ai.drop")}</span>
            <span className="ink-ai-hint">{t("ai.formats", { limit: AI_MAX_FILE_MB })}</span>
            <input
              type="file"
              accept={AI_EXTENSIONS.map((x) => `.${x}`).join(",")}
              data-testid="ai-file"
              aria-label={t("ai.choose")}
              disabled={busy}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
        )}
      </div>
    </Dialog>
  );
}
