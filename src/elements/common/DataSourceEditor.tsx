// Data source list editor for Text, Barcode and QRcode elements and table cells (spec §3 "Data
// source entry", §4 "Data source list" and "type switch"): add, delete current, move up/down, and the
// current entry's type — fixed text, spreadsheet column (fields from src/editor/data), sequence (type,
// initial value, step, quantity), reference, formula (src/editor/data/FormulaSourceField), prompt
// (PromptSourceFields) or a server-kept counter (src/editor/data/CounterSourceFields). Every change is
// the editor's "sources.edit" op
// (src/data/edit.ts), which re-syncs the stored values so the elements referencing this one follow.

import { useTranslation } from "react-i18next";
import { currentSource, fixedTextPatch, getBound, referenceCandidates, type SourceTarget } from "../../data";
import type { SourceEdit } from "../../data/edit";
import { isVariableSource, VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY } from "../../data/variable";
import { CounterSourceFields } from "../../editor/data/CounterSourceFields";
import { FormulaSourceField } from "../../editor/data/FormulaSourceField";
import { PromptSourceFields } from "../../editor/data/PromptSourceFields";
import { SpreadsheetSourceFields } from "../../editor/data/SpreadsheetSourceFields";
import { useMemberGate, useMembersOnly } from "../../editor/palette/memberGate";
import { BoundField, Choice, TextInput } from "../../editor/panels/fields/controls";
import { shallowEqual, useEditorContext, useEditorSelector } from "../../editor/state/context";
import { languageDefaults } from "../../i18n/languageDefaults";
import type { DataSource, DataSourceType, SequenceType } from "../../model/types";

/** Source types offered (1 spreadsheet: fields from src/editor/data). */
export const OFFERED_TYPES: readonly DataSourceType[] = [0, 1, 2, 3, 4, 5, 6];

export interface DataSourceEditorProps {
  readonly target: SourceTarget;
  /**
   * A code's list (the code panels): content changed here counts as edited by the user (spec §4
   * isEdit) and the code keeps its X-dimension.
   */
  readonly code?: boolean;
}

export function DataSourceEditor({ target, code }: DataSourceEditorProps) {
  const { t, i18n } = useTranslation();
  const { store } = useEditorContext();
  const bound = useEditorSelector((s) => getBound(s.doc, target));
  const candidates = useEditorSelector((s) => referenceCandidates(s.doc, target.elementId), shallowEqual);
  const variableGate = useMemberGate(VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY);
  const membersOnly = useMembersOnly(VARIABLE_FEATURE);
  if (!bound) return null;
  const cur = currentSource(bound);
  const index = Math.min(Math.max(0, bound.dataSourceIndex), bound.DataSourceList.length - 1);

  // every change is the "sources.edit" op: applied, values re-synced, one undoable step
  const edit = (e: SourceEdit) => store.send({ type: "sources.edit", target, edit: e, code });
  const patch = (p: Partial<DataSource>) => edit({ do: "patch", patch: p });
  const setType = async (type: DataSourceType) => {
    // a variable template (spreadsheet column, sequence) in the member build variant: members only
    if (isVariableSource(type) && !(await variableGate.allow())) return;
    const { currencySymbol, dateFormat } = languageDefaults(i18n.language);
    edit({ do: "type", type, defaults: { CurrencySymbol: currencySymbol, DateFormat: dateFormat } });
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
          onChange={(e) => edit({ do: "select", index: Number(e.target.value) })}
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
          onClick={() => edit({ do: "add" })}
        >
          {t("elements.source.add")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-delete"
          onClick={() => edit({ do: "delete" })}
        >
          {t("elements.source.delete")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-up"
          disabled={index <= 0}
          onClick={() => edit({ do: "move", by: -1 })}
        >
          {t("elements.source.up")}
        </button>
        <button
          type="button"
          className="ink-btn"
          data-testid="source-down"
          disabled={index >= list.length - 1}
          onClick={() => edit({ do: "move", by: 1 })}
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
          {cur.DataSourceType === 1 && <SpreadsheetSourceFields target={target} code={code} />}
          {cur.DataSourceType === 4 && (
            <FormulaSourceField value={cur.Formula ?? ""} onCommit={(v) => patch({ Formula: v })} />
          )}
          {cur.DataSourceType === 5 && <PromptSourceFields source={cur} onPatch={patch} />}
          {cur.DataSourceType === 6 && <CounterSourceFields source={cur} onPick={patch} />}
          {cur.DataSourceType === 3 && (
            <Choice
              label={t("elements.source.reference")}
              value={cur.ReferenceId || undefined}
              options={candidates.map((el) => ({ value: el.Id, label: el.Name }))}
              testId="source-reference"
              onChange={(id: string) => edit({ do: "reference", refId: id })}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
