// Data source list editor for Text, Barcode and QRcode elements and table cells (spec §3 "Data
// source entry", §4 "Data source list" and "type switch"): add, delete current, move up/down, and the
// current entry's type — fixed text, spreadsheet column (fields from src/editor/data), sequence (type,
// initial value, step, quantity) or reference. Every change re-syncs the stored values so the
// elements referencing this one follow (src/data syncValues).

import { useTranslation } from "react-i18next";
import {
  addSource,
  currentSource,
  deleteCurrentSource,
  fixedTextPatch,
  getBound,
  moveCurrentSource,
  referenceCandidates,
  type SourceBound,
  type SourceTarget,
  selectSource,
  setReference,
  switchSourceType,
  syncValues,
  updateBound,
  updateCurrentSource,
} from "../../data";
import { isVariableSource, VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY } from "../../data/variable";
import { useWorkbooks } from "../../editor/data/context";
import { SpreadsheetSourceFields } from "../../editor/data/SpreadsheetSourceFields";
import { useMemberGate, useMembersOnly } from "../../editor/palette/memberGate";
import { BoundField, Choice, TextInput } from "../../editor/panels/fields/controls";
import { shallowEqual, useEditorContext, useEditorSelector } from "../../editor/state/context";
import { languageDefaults } from "../../i18n/languageDefaults";
import type { DataSource, DataSourceType, LabelDocument, SequenceType } from "../../model/types";

/** Source types offered (1 spreadsheet: fields from src/editor/data). */
export const OFFERED_TYPES: readonly DataSourceType[] = [0, 1, 2, 3];

export interface DataSourceEditorProps {
  readonly target: SourceTarget;
  /**
   * Kind-specific follow-up of every change, after the values are re-synced (the code panels mark
   * their content as edited by the user, spec §4 isEdit).
   */
  readonly afterChange?: (before: LabelDocument, after: LabelDocument) => LabelDocument;
}

export function DataSourceEditor({ target, afterChange }: DataSourceEditorProps) {
  const { t, i18n } = useTranslation();
  const { store } = useEditorContext();
  const bound = useEditorSelector((s) => getBound(s.doc, target));
  const candidates = useEditorSelector((s) => referenceCandidates(s.doc, target.elementId), shallowEqual);
  const { sheets } = useWorkbooks();
  const variableGate = useMemberGate(VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY);
  const membersOnly = useMembersOnly(VARIABLE_FEATURE);
  if (!bound) return null;
  const cur = currentSource(bound);
  const index = Math.min(Math.max(0, bound.dataSourceIndex), bound.DataSourceList.length - 1);

  const apply = (fn: (d: LabelDocument) => LabelDocument) => {
    const before = store.get().doc;
    const after = fn(before);
    if (after === before) return;
    const settled = syncValues(after, sheets);
    store.send({ type: "doc.replace", doc: afterChange ? afterChange(before, settled) : settled });
  };
  const onList = (fn: (b: SourceBound) => SourceBound) => apply((d) => updateBound(d, target, fn));
  const patch = (p: Partial<DataSource>) => onList((b) => updateCurrentSource(b, p));
  const setType = async (type: DataSourceType) => {
    // a variable template (spreadsheet column, sequence) in the member build variant: members only
    if (isVariableSource(type) && !(await variableGate.allow())) return;
    const { currencySymbol, dateFormat } = languageDefaults(i18n.language);
    const defaults = { CurrencySymbol: currencySymbol, DateFormat: dateFormat };
    const r = switchSourceType(store.get().doc, target, type, { sheets, defaults });
    if (r.tip) store.message("warning", r.tip);
    apply(() => r.doc);
  };
  const list = bound.DataSourceList;
  return (
    <fieldset className="ink-panel-group" data-testid="data-sources">
      {variableGate.dialog}
      <legend>{t("elements.source.title")}</legend>
      <label className="ink-field">
        <span>{t("elements.source.list")}</span>
        <select
          size={Math.min(Math.max(list.length, 2), 5)}
          value={String(index)}
          data-testid="source-list"
          onChange={(e) => onList((b) => selectSource(b, Number(e.target.value)))}
        >
          {list.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are positions in the list
            <option key={`${i}-${s.DataSourceType}`} value={String(i)}>
              {`${i + 1}. ${t(`elements.source.type${s.DataSourceType}`)}: ${s.FirstValue.slice(0, 24)}`}
            </option>
          ))}
        </select>
      </label>
      <div className="ink-button-row">
        <button
          type="button"
          className="ink-btn"
          data-testid="source-add"
          onClick={() => onList((b) => addSource(b))}
        >
          {t("elements.source.add")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-delete"
          onClick={() => onList((b) => deleteCurrentSource(b))}
        >
          {t("elements.source.delete")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-up"
          disabled={index <= 0}
          onClick={() => onList((b) => moveCurrentSource(b, -1))}
        >
          {t("elements.source.up")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-down"
          disabled={index >= list.length - 1}
          onClick={() => onList((b) => moveCurrentSource(b, 1))}
        >
          {t("elements.source.down")}
        </button>
      </div>
      {cur && (
        <>
          <Choice
            label={t("elements.source.type")}
            value={cur.DataSourceType}
            options={OFFERED_TYPES.map((v) => ({
              value: v,
              label:
                membersOnly && isVariableSource(v)
                  ? `${t(`elements.source.type${v}`)} ★ ${t("elements.font.premium")}`
                  : t(`elements.source.type${v}`),
            }))}
            testId="source-type"
            onChange={(v) => void setType(v)}
          />
          {membersOnly && (
            <p className="ink-panel-note" data-testid="source-members-only">
              ★ {t("editor.member.variableHint")}
            </p>
          )}
          {cur.DataSourceType === 0 && (
            <TextInput
              label={t("elements.source.fixedText")}
              value={cur.FirstValue}
              testId="source-fixed"
              multiline
              onCommit={(v) => patch(fixedTextPatch(v))}
            />
          )}
          {cur.DataSourceType === 2 && (
            <>
              <Choice
                label={t("elements.source.sequenceType")}
                value={cur.SequenceType}
                options={([0, 1, 2, 3] as const).map((v) => ({
                  value: v,
                  label: t(`elements.source.seq${v}`),
                }))}
                testId="source-seq-type"
                onChange={(v: SequenceType) => patch({ SequenceType: v })}
              />
              <TextInput
                label={t("elements.source.initial")}
                value={cur.InitialValue}
                testId="source-initial"
                maxLength={100}
                onCommit={(v) => patch({ InitialValue: v, FirstValue: v })}
              />
              <div className="ink-field-row">
                <BoundField
                  label={t("elements.source.step")}
                  bound="AddedValue"
                  value={cur.AddedValue}
                  testId="source-step"
                  onCommit={(v) => patch({ AddedValue: v })}
                />
                <BoundField
                  label={t("elements.source.quantity")}
                  bound="Quantity"
                  value={cur.Quantity}
                  testId="source-quantity"
                  onCommit={(v) => patch({ Quantity: v })}
                />
              </div>
            </>
          )}
          {cur.DataSourceType === 1 && <SpreadsheetSourceFields target={target} afterChange={afterChange} />}
          {cur.DataSourceType === 3 && (
            <Choice
              label={t("elements.source.reference")}
              value={cur.ReferenceId || undefined}
              options={candidates.map((el) => ({ value: el.Id, label: el.Name }))}
              testId="source-reference"
              onChange={(id: string) => apply((d) => setReference(d, target, id).doc)}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
