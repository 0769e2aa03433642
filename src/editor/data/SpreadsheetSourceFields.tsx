// The fields of a spreadsheet-column source (spec §3 "Data source entry", §2 chooser): the file
// (cloud chooser or local upload), sheet → column cascade, first line is header, display column,
// data type with exactly the fields each type takes: number and percent precision + remove zeros,
// currency precision + symbol, date format, time format. Drop-in for the data source list editor.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChosenFile, UploadError } from "../../app/api/cloudFiles";
import { message } from "../../app/ui/message";
import { useFilePicker } from "../../app/ui/useFilePicker";
import {
  bindColumn,
  columnCount,
  currentSource,
  DATE_FORMATS,
  getBound,
  type SourceTarget,
  sheetInfos,
  TIME_FORMATS,
} from "../../data";
import {
  isLiveSheetUrl,
  isLiveSource,
  isQuerySheetUrl,
  liveSheetName,
  shortenName,
} from "../../data/workbooks";
import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY_SYMBOL } from "../../model/constants";
import type { DataSource, DataType, SheetInfo } from "../../model/types";
import type { Workbook } from "../../spreadsheet/types";
import { Check, Choice } from "../panels/fields/controls";
import { useEditorContext, useEditorSelector } from "../state/context";
import { CloudFileChooser } from "./CloudFileChooser";
import { useDataContext, useWorkbooks } from "./context";
import { DbSourceDialog } from "./DbSourceDialog";
import {
  readColumnFirstLine,
  readDisplayColumn,
  writeColumnFirstLine,
  writeDisplayColumn,
} from "./sheetPrefs";
import { isTypeChosen, markTypeChosen } from "./typeChoices";
import "./data.css";
import { TIP } from "../../i18n/tips";

const PRECISIONS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const DATA_TYPES: readonly DataType[] = [0, 1, 2, 3, 4, 5];

export interface SpreadsheetSourceFieldsProps {
  readonly target: SourceTarget;
  /** A code's list (see DataSourceEditor): content changed here marks it edited, its X-dimension kept. */
  readonly code?: boolean;
}

export function SpreadsheetSourceFields({ target, code }: SpreadsheetSourceFieldsProps) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const data = useDataContext();
  const { sheets, loading, failed } = useWorkbooks();
  const [choosing, setChoosing] = useState(false);
  const [database, setDatabase] = useState(false);
  const [address, setAddress] = useState("");
  const picker = useFilePicker({
    accept: ".xls,.xlsx,.csv",
    label: t("editor.data.uploadLocal"),
    testId: "sheet-upload-input",
    // `upload` is defined below, once the source is known; a pick can only come after this render
    onFiles: ([f]) => void upload(f),
  });
  const bound = useEditorSelector((s) => getBound(s.doc, target));
  const cur = bound && currentSource(bound);
  if (!data || !cur || cur.DataSourceType !== 1) return null;
  const wb = cur.ConnectionStr ? sheets.get(cur.ConnectionStr) : undefined;
  const index = bound?.dataSourceIndex ?? 0;

  /** The "sources.edit" op with the fields of the current entry (computed from it as it is now). */
  const patch = (p: Partial<DataSource> | ((s: DataSource) => Partial<DataSource>)) => {
    const b = getBound(store.get().doc, target);
    const s = b && currentSource(b);
    if (!s) return;
    store.send({
      type: "sources.edit",
      target,
      edit: { do: "patch", patch: typeof p === "function" ? p(s) : p },
      code,
    });
  };

  /** Points the entry at a sheet and column, from the workbook or (not loaded) from DataBase. */
  const choose = (sheet: number, col: number, w: Workbook | undefined = wb) =>
    patch((s) => {
      if (w) return bindColumn(s, w, sheet, col, { typeChosen: isTypeChosen(target, index) });
      const info = s.DataBase[sheet];
      const child = info?.children.find((c) => c.index === col);
      return {
        SheetIndex: [sheet, col],
        ColumnIndex: col,
        TableName: info?.text ?? "",
        ColumnName: child?.text ?? "",
      };
    });

  const link = async (file: ChosenFile) => {
    let w: Workbook;
    try {
      w = await data.api.importWorkbook(file.url);
    } catch {
      return; // the request client showed the server's reason
    }
    if (w.sheets.length === 0 || columnCount(w.sheets[0]) === 0) {
      message.warning(t(TIP.nothingHere));
      return;
    }
    data.store.put(file.url, w);
    const firstLine = readColumnFirstLine();
    const names = sheetInfos(w, firstLine)[0]?.children.map((c) => c.text) ?? [];
    const display = readDisplayColumn();
    patch((s) => ({
      ...bindColumn(
        {
          ...s,
          ExcelName: file.name,
          ConnectionStr: file.url,
          ConnectionData: file.url,
          ColumnFirstLine: firstLine,
        },
        w,
        0,
        0,
        { fresh: true, typeChosen: isTypeChosen(target, index) },
      ),
      DisplayColumn: names.includes(display) ? display : "",
    }));
  };

  /** A live source: the spreadsheet at a web address, which the server fetches again when it is read. */
  const linkAddress = async () => {
    const url = address.trim();
    if (!isLiveSheetUrl(url)) {
      message.error(t("live.error.badAddress"));
      return;
    }
    await link({ name: liveSheetName(url), url });
  };

  const upload = async (f: File) => {
    try {
      await link(await data.api.upload(f));
    } catch (e) {
      message.error(t(e instanceof UploadError ? e.tip : TIP.uploadFailed));
    }
  };

  const infos: readonly SheetInfo[] = wb ? sheetInfos(wb, cur.ColumnFirstLine) : cur.DataBase;
  const [sheetIndex, colIndex] = cur.SheetIndex ?? [0, 0];
  const columns = infos[sheetIndex]?.children ?? [];
  const state = !cur.ConnectionStr
    ? "none"
    : loading.has(cur.ConnectionStr)
      ? "loading"
      : failed.has(cur.ConnectionStr)
        ? "failed"
        : "ok";

  return (
    <div className="ink-sheet-source" data-testid="sheet-source">
      <div className="ink-field ink-sheet-file">
        <span>{t("editor.data.file")}</span>
        <span className="ink-sheet-file-name" title={cur.ExcelName} data-testid="sheet-file-name">
          {cur.ExcelName ? shortenName(cur.ExcelName) : t("editor.data.noFile")}
          {state === "loading" && ` · ${t("editor.data.loading")}`}
        </span>
        {state === "failed" && (
          <button
            type="button"
            className="ink-btn"
            data-testid="sheet-retry"
            onClick={() => void data.store.load(cur.ConnectionStr, true)}
          >
            {t("editor.data.retry")}
          </button>
        )}
        <div className="ink-button-row">
          <button
            type="button"
            className="ink-btn"
            data-testid="sheet-choose"
            onClick={() => setChoosing(true)}
          >
            {t("editor.data.chooseCloud")}
          </button>
          <button type="button" className="ink-btn" data-testid="sheet-upload" onClick={picker.open}>
            {t("editor.data.uploadLocal")}
          </button>
          <button
            type="button"
            className="ink-btn"
            data-testid="sheet-database"
            disabled={!data.dbSources}
            onClick={() => setDatabase(true)}
          >
            {isQuerySheetUrl(cur.ConnectionStr) ? t("editor.data.db.edit") : t("editor.data.db.open")}
          </button>
          {picker.input}
        </div>
        <form
          className="ink-sheet-live"
          onSubmit={(e) => {
            e.preventDefault();
            void linkAddress();
          }}
        >
          <label className="ink-field">
            <span>{t("editor.data.liveUrl")}</span>
            <input
              type="url"
              inputMode="url"
              placeholder="https://"
              value={address}
              data-testid="sheet-live-url"
              onChange={(e) => setAddress(e.target.value)}
            />
          </label>
          <button type="submit" className="ink-btn" data-testid="sheet-live-link" disabled={!address.trim()}>
            {t("editor.data.liveLink")}
          </button>
        </form>
        {isLiveSource(cur.ConnectionStr) && (
          <div className="ink-sheet-live-note">
            <span title={cur.ConnectionStr}>{t("editor.data.liveNote")}</span>
            <button
              type="button"
              className="ink-btn"
              data-testid="sheet-live-refresh"
              disabled={state === "loading"}
              onClick={() => void data.store.load(cur.ConnectionStr, true)}
            >
              {t("editor.data.liveRefresh")}
            </button>
          </div>
        )}
      </div>
      {infos.length > 0 && (
        <>
          <Choice
            label={t("editor.data.sheet")}
            value={infos[sheetIndex] ? sheetIndex : undefined}
            options={infos.map((s) => ({ value: s.index, label: s.text }))}
            testId="sheet-sheet"
            onChange={(s: number) => choose(s, 0)}
          />
          <Choice
            label={t("editor.data.column")}
            value={columns.some((c) => c.index === colIndex) ? colIndex : undefined}
            options={columns.map((c) => ({ value: c.index, label: c.text }))}
            testId="sheet-column"
            onChange={(c: number) => choose(sheetIndex, c)}
          />
          <Check
            label={t("editor.data.firstLine")}
            checked={cur.ColumnFirstLine}
            testId="sheet-first-line"
            onChange={(v) => {
              writeColumnFirstLine(v);
              patch((s) => {
                const next = { ...s, ColumnFirstLine: v };
                return wb ? bindColumn(next, wb, sheetIndex, colIndex) : next;
              });
            }}
          />
          <Choice
            label={t("editor.data.displayColumn")}
            value={cur.DisplayColumn}
            options={[
              { value: "", label: t("editor.data.displayNone") },
              ...columns.map((c) => ({ value: c.text, label: c.text })),
            ]}
            testId="sheet-display"
            onChange={(v: string) => {
              writeDisplayColumn(v);
              patch({ DisplayColumn: v });
            }}
          />
        </>
      )}
      <Choice
        label={t("editor.data.dataType")}
        value={cur.DataType}
        options={DATA_TYPES.map((v) => ({ value: v, label: t(`editor.data.type${v}`) }))}
        testId="sheet-data-type"
        onChange={(v: DataType) => {
          markTypeChosen(target, index);
          patch({ DataType: v });
        }}
      />
      {(cur.DataType === 1 || cur.DataType === 2 || cur.DataType === 3) && (
        <Choice
          label={t("editor.data.precision")}
          value={PRECISIONS.includes(cur.DataPrecision as never) ? cur.DataPrecision : -1}
          options={PRECISIONS.map((v) => ({ value: v, label: v === -1 ? t("editor.data.auto") : String(v) }))}
          testId="sheet-precision"
          onChange={(v: number) => patch({ DataPrecision: v })}
        />
      )}
      {(cur.DataType === 1 || cur.DataType === 3) && (
        <Check
          label={t("editor.data.removeZero")}
          checked={cur.RemoveZero}
          testId="sheet-remove-zero"
          onChange={(v) => patch({ RemoveZero: v })}
        />
      )}
      {cur.DataType === 2 && (
        <Choice
          label={t("editor.data.currency")}
          value={cur.CurrencySymbol || DEFAULT_CURRENCY_SYMBOL}
          options={[...new Set([...CURRENCY_SYMBOLS, cur.CurrencySymbol || DEFAULT_CURRENCY_SYMBOL])].map(
            (v) => ({
              value: v,
              label: v,
            }),
          )}
          testId="sheet-currency"
          onChange={(v: string) => patch({ CurrencySymbol: v })}
        />
      )}
      {cur.DataType === 4 && (
        <Choice
          label={t("editor.data.dateFormat")}
          value={DATE_FORMATS.includes(cur.DateFormat) ? cur.DateFormat : undefined}
          options={DATE_FORMATS.map((v) => ({ value: v, label: v }))}
          testId="sheet-date-format"
          onChange={(v: string) => patch({ DateFormat: v })}
        />
      )}
      {cur.DataType === 5 && (
        <Choice
          label={t("editor.data.timeFormat")}
          value={TIME_FORMATS.includes(cur.TimeFormat) ? cur.TimeFormat : undefined}
          options={TIME_FORMATS.map((v) => ({ value: v, label: v }))}
          testId="sheet-time-format"
          onChange={(v: string) => patch({ TimeFormat: v })}
        />
      )}
      {database && data.dbSources && (
        <DbSourceDialog
          api={data.dbSources}
          currentUrl={cur.ConnectionStr}
          onClose={() => setDatabase(false)}
          onSaved={(f) => {
            setDatabase(false);
            void link(f);
          }}
        />
      )}
      {choosing && (
        <CloudFileChooser
          loadFolders={data.api.cloudFolders}
          onClose={() => setChoosing(false)}
          onConfirm={(f) => void link({ name: f.name, url: f.url })}
        />
      )}
    </div>
  );
}
