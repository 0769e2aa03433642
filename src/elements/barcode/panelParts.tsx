// Attribute-panel pieces shared by the Barcode and QRcode panels: content, text settings and the
// delayed generation error (spec §4, §5, §8). Every control has a visible label.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { prepareCode } from "../../codes";
import { writeCodePreferences } from "../../codes/preferences";
import { useRecordValues } from "../../editor/data/context";
import { Choice } from "../../editor/panels/fields/controls";
import { useSettle } from "../../editor/panels/fields/settle";
import { NumberField } from "../../editor/panels/NumberField";
import { selectDoc, useEditorContext, useEditorSelector } from "../../editor/state/context";
import { pickLanguage } from "../../i18n/messages";
import { CODE_ERROR_DELAY_MS, TEXT_EDIT_DELAY_MS } from "../../model/constants";
import { codeRequest } from "../../model/kinds/codeRequest";
import type { KindPatch } from "../../model/ops/kindUpdate";
import type { BarcodeElement, QRCodeElement } from "../../model/types";
import { codeStatus } from "./status";

/** The labelled select of the code panels (the common Choice; their values are never undefined). */
export { Choice as SelectField };

export type CodeElement = BarcodeElement | QRCodeElement;

/**
 * The value the canvas shows for the element: its resolved text for the shown record (spreadsheet
 * row, sequence step, reference), else its own Data (outside a data provider).
 */
export function useShownValue(el: CodeElement): string {
  // the values of references and records depend on the whole document
  const values = useRecordValues(useEditorSelector(selectDoc));
  const v = values?.get(el.Id);
  return typeof v === "string" ? v : el.Data;
}

/**
 * Latest version of the element in the store (of the given type; any code type without one), and a
 * way to apply a patch to it.
 */
export function useCodeElement<T extends CodeElement["Type"] = CodeElement["Type"]>(id: string, type?: T) {
  const { store } = useEditorContext();
  const current = (): Extract<CodeElement, { Type: T }> | undefined => {
    const el = store.get().doc.elements.find((e) => e.Id === id);
    const fits = el && (type ? el.Type === type : el.Type === "Barcode" || el.Type === "QRcode");
    return fits ? (el as Extract<CodeElement, { Type: T }>) : undefined;
  };
  // a new symbol size keeps the X-dimension: the box follows the content (the "code.update" op);
  // the patch holds only the fields of the code type asked for (of both code types without one)
  const apply = (patch: KindPatch<T>) => {
    const kind = current()?.Type;
    if (kind) store.send({ type: "code.update", id, kind, patch } as Parameters<typeof store.send>[0]);
  };
  return { store, current, apply };
}

export function savePreferences(prefs: Parameters<typeof writeCodePreferences>[1]): void {
  if (typeof localStorage !== "undefined") writeCodePreferences(localStorage, prefs);
}

/** The patch setting a code's fixed content (Data and the fixed source), marked as edited by the user. */
export function contentPatch(el: CodeElement, data: string): KindPatch<CodeElement["Type"]> {
  const list = el.DataSourceList.map((s, i) =>
    i === el.dataSourceIndex ? { ...s, FirstValue: data, NormalText: data } : s,
  );
  return { Data: data, DataSourceList: list, isEdit: true };
}

export function ContentField({ el }: { readonly el: CodeElement }) {
  const { t } = useTranslation();
  const { current, apply } = useCodeElement(el.Id);
  const src = el.DataSourceList[el.dataSourceIndex];
  const editable = el.DataSourceList.length <= 1 && (!src || src.DataSourceType === 0);
  const [value, setValue] = useState(el.Data);
  // the typed text is applied to the element it was typed for; leaving the element (another
  // selection, panel closed) within the delay keeps what was typed
  const settle = useSettle(
    el.Id,
    (v: string) => {
      const cur = current();
      if (cur) apply(contentPatch(cur, v));
    },
    TEXT_EDIT_DELAY_MS,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another element is shown or the data changes elsewhere
  useEffect(() => setValue(el.Data), [el.Id, el.Data]);
  const change = (v: string) => {
    setValue(v);
    settle.change(v);
  };
  return (
    <label className="ink-field">
      <span>{t("editor.code.content")}</span>
      <textarea
        value={value}
        rows={2}
        disabled={!editable}
        data-testid="panel-code-content"
        onChange={(e) => change(e.target.value)}
        onBlur={settle.flush}
      />
      {!editable && <span className="ink-panel-note">{t("editor.panel.contentFromSource")}</span>}
    </label>
  );
}

export function positionOptions(t: (k: string) => string) {
  return ([0, 1, 2] as const).map((v) => ({ value: v, label: t(`editor.code.position.${v}`) }));
}

export function alignOptions(t: (k: string) => string) {
  return ([0, 1, 2, 3, 4] as const).map((v) => ({ value: v, label: t(`editor.code.align.${v}`) }));
}

interface TextFieldsProps {
  readonly position: 0 | 1 | 2;
  readonly align: 0 | 1 | 2 | 3 | 4;
  readonly fontSize: number;
  /** no text is shown: alignment and font size cannot be set */
  readonly textOff: boolean;
  readonly positionDisabled?: boolean;
  readonly onPosition: (p: 0 | 1 | 2) => void;
  readonly onAlign: (a: 0 | 1 | 2 | 3 | 4) => void;
  readonly onFontSize: (v: number) => void;
}

/** The human-readable text settings of a code: position, alignment and font size. */
export function CodeTextFields(p: TextFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="ink-field-row">
        <Choice
          label={t("editor.code.textPosition")}
          value={p.position}
          options={positionOptions(t)}
          disabled={p.positionDisabled}
          onChange={p.onPosition}
          testId="panel-code-position"
        />
        <Choice
          label={t("editor.code.textAlign")}
          value={p.align}
          options={alignOptions(t)}
          disabled={p.textOff}
          onChange={p.onAlign}
          testId="panel-code-align"
        />
      </div>
      <NumberField
        label={t("editor.code.fontSize")}
        value={p.fontSize}
        decimals={1}
        step={0.5}
        readOnly={p.textOff}
        onCommit={p.onFontSize}
        testId="panel-code-font-size"
      />
    </>
  );
}

/**
 * The generation error of `value`, the value shown for the current record (useShownValue; not only
 * the element's own Data: a spreadsheet row can hold what the code cannot encode), shown CODE_ERROR_DELAY_MS after it appears
 * (tip111 with the encoder's detail, tip61, digit counts…), and gone as soon as the code is good again.
 */
export function CodeErrorNote({ el, value }: { readonly el: CodeElement; readonly value: string }) {
  const { i18n } = useTranslation();
  const [message, setMessage] = useState("");
  const key = JSON.stringify(codeRequest(el, value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything the code depends on
  useEffect(() => {
    let live = true;
    setMessage("");
    const timer = setTimeout(async () => {
      await prepareCode(codeRequest(el, value)).catch(() => undefined);
      if (!live) return;
      const st = codeStatus(el, value, pickLanguage(i18n.language));
      setMessage(st.ok ? "" : st.message);
    }, CODE_ERROR_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, i18n.language]);
  if (!message) return null;
  return (
    <p className="ink-panel-note" role="alert" data-testid="panel-code-error">
      {message}
    </p>
  );
}
