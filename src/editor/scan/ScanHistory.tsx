// What the scans found: the latest scan's result (the record, or "not found"), then the last scans
// with their status (printed, shown, skipped…).
import { useTranslation } from "react-i18next";
import type { ScanEntry } from "../../../machines/scan.machine";
import type { ScanMatch } from "../../data/scanIndex";

interface Props {
  /** the last scans, newest first */
  readonly scans: readonly ScanEntry[];
  /** a record number as the language writes it (4,321) */
  readonly num: (n: unknown) => unknown;
}

export function ScanHistory({ scans, num }: Props) {
  const { t } = useTranslation();
  const matchText = (m: ScanMatch) =>
    t(`editor.scan.match.${m.how}`, { n: num(m.record + 1), value: m.value });
  const entryText = (s: ScanEntry) =>
    s.match
      ? `${t(`editor.scan.status.${s.status}`)} · ${matchText(s.match)}`
      : t("editor.scan.status.notFound");
  const latest = scans[0];
  return (
    <>
      {latest && (
        <p
          className={`ink-scan-result${latest.match ? "" : " is-error"}`}
          role="status"
          data-testid="scan-result"
        >
          {latest.match ? matchText(latest.match) : t("editor.scan.notFound", { code: latest.code })}
        </p>
      )}
      {scans.length > 0 && (
        <>
          <h3 className="ink-scan-sub">{t("editor.scan.last")}</h3>
          <ol className="ink-scan-list" data-testid="scan-history">
            {scans.map((s) => (
              <li key={s.id} data-status={s.status}>
                <code>{s.code}</code>
                <span>{entryText(s)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
