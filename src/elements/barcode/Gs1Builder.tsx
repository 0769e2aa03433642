// The GS1 builder of the GS1 code types (GS1-128, GS1 DataMatrix, GS1 QR, GS1 Digital Link QR):
// pick application identifiers, type each value, see the rule it breaks under the field as you type,
// and the human-readable line. It edits the element's content, the element string "(01)…(10)…",
// so the file keeps what older versions wrote. Content from data sources (a column, a formula, a
// reference between fixed "(AI)" parts) is shown read-only here, checked for the shown record.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AiValue,
  addableAis,
  aiSpec,
  contentFromRows,
  digitalLinkUri,
  type Gs1Issue,
  humanReadable,
  rowIssues,
  rowsFromContent,
} from "../../codes/gs1";
import { useSettle } from "../../editor/panels/fields/settle";
import { TEXT_EDIT_DELAY_MS } from "../../model/constants";
import { type CodeElement, contentPatch, useCodeElement } from "./panelParts";

function aiLabel(ai: string, t: (k: string) => string): string {
  const spec = aiSpec(ai);
  return `(${ai}) ${spec ? t(spec.nameKey) : ""}`;
}

function DigitalLinkPreview({ rows }: { readonly rows: readonly AiValue[] }) {
  const { t } = useTranslation();
  let uri = "";
  try {
    uri = digitalLinkUri(rows);
  } catch {
    return null; // the code's own error note says why
  }
  return (
    <div className="ink-field">
      <span id="gs1-dl-label">{t("editor.gs1.digitalLink")}</span>
      <output aria-labelledby="gs1-dl-label" data-testid="panel-gs1-uri">
        {uri}
      </output>
    </div>
  );
}

export function Gs1Builder({
  el,
  value,
  digitalLink = false,
}: {
  readonly el: CodeElement;
  /** the value the canvas shows (the shown record's) */
  readonly value: string;
  readonly digitalLink?: boolean;
}) {
  const { t } = useTranslation();
  const tr = (i: Gs1Issue) => t(i.key, { ...i.vars });
  const { current, apply } = useCodeElement(el.Id);
  const src = el.DataSourceList[el.dataSourceIndex];
  const editable = el.DataSourceList.length <= 1 && (!src || src.DataSourceType === 0);
  const read = rowsFromContent(editable ? el.Data : value);
  const [rows, setRows] = useState<readonly AiValue[]>(read.rows);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another element is shown or the content changes elsewhere
  useEffect(
    () => setRows(rowsFromContent(editable ? el.Data : value).rows),
    [el.Id, el.Data, value, editable],
  );
  const settle = useSettle(
    el.Id,
    (next: readonly AiValue[]) => {
      const cur = current();
      if (cur) apply(contentPatch(cur, contentFromRows(next)));
    },
    TEXT_EDIT_DELAY_MS,
  );
  const change = (next: readonly AiValue[], now = false) => {
    setRows(next);
    settle.change(next);
    if (now) settle.flush();
  };
  const addable = addableAis(rows);
  const [pick, setPick] = useState("");
  const chosen = addable.includes(pick) ? pick : (addable[0] ?? "");
  const issues = rowIssues(rows);
  // an AI given twice (typed in the content field) gets its occurrence in its key
  const seen = new Map<string, number>();
  const keys = rows.map((r) => {
    const n = (seen.get(r.ai) ?? 0) + 1;
    seen.set(r.ai, n);
    return `${r.ai}#${n}`;
  });
  return (
    <fieldset className="ink-panel-group" data-testid="panel-gs1">
      <legend>{t("editor.gs1.title")}</legend>
      {read.unreadable && rows.length === 0 && (
        <p className="ink-panel-note" data-testid="panel-gs1-unreadable">
          {t("editor.gs1.unreadable", { reason: tr(read.unreadable) })}
        </p>
      )}
      {!editable && <p className="ink-panel-note">{t("editor.panel.contentFromSource")}</p>}
      {rows.length === 0 && !read.unreadable && <p className="ink-panel-note">{t("editor.gs1.none")}</p>}
      {rows.map((row, i) => {
        const issue = issues[i];
        const id = `gs1-${el.Id}-${i}`;
        return (
          <div className="ink-field" key={keys[i]}>
            <label htmlFor={id}>{aiLabel(row.ai, t)}</label>
            <div className="ink-gs1-row">
              <input
                id={id}
                value={row.value}
                readOnly={!editable}
                spellCheck={false}
                aria-invalid={issue ? true : undefined}
                aria-describedby={issue ? `${id}-issue` : undefined}
                data-testid={`panel-gs1-value-${row.ai}`}
                onChange={(e) => change(rows.map((r, k) => (k === i ? { ...r, value: e.target.value } : r)))}
                onBlur={settle.flush}
              />
              {editable && (
                <button
                  type="button"
                  className="ink-btn"
                  aria-label={t("editor.gs1.remove", { ai: row.ai })}
                  data-testid={`panel-gs1-remove-${row.ai}`}
                  onClick={() =>
                    change(
                      rows.filter((_, k) => k !== i),
                      true,
                    )
                  }
                >
                  ×
                </button>
              )}
            </div>
            {issue && (
              <span
                id={`${id}-issue`}
                className="ink-panel-note"
                role="alert"
                data-testid={`panel-gs1-issue-${row.ai}`}
              >
                {tr(issue)}
              </span>
            )}
          </div>
        );
      })}
      {editable && addable.length > 0 && (
        <div className="ink-gs1-row">
          <label className="ink-field">
            <span>{t("editor.gs1.addAi")}</span>
            <select value={chosen} data-testid="panel-gs1-add-ai" onChange={(e) => setPick(e.target.value)}>
              {addable.map((ai) => (
                <option key={ai} value={ai}>
                  {aiLabel(ai, t)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="ink-btn"
            data-testid="panel-gs1-add"
            onClick={() => chosen && change([...rows, { ai: chosen, value: "" }], true)}
          >
            {t("editor.gs1.add")}
          </button>
        </div>
      )}
      {rows.length > 0 && (
        <div className="ink-field">
          <span id={`gs1-hri-${el.Id}`}>{t("editor.gs1.hri")}</span>
          <output aria-labelledby={`gs1-hri-${el.Id}`} data-testid="panel-gs1-hri">
            {humanReadable(rows)}
          </output>
        </div>
      )}
      {digitalLink && rows.length > 0 && <DigitalLinkPreview rows={rows} />}
    </fieldset>
  );
}
