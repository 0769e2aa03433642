// Which coverage the inspector shows for the picked machine: this session's, or the test suite's
// (the file `npm test` writes, .tmp/machine-coverage.json, loaded here). A file that cannot be read
// says why and leaves the coverage loaded before it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dateText } from "../../app/settings/dateText";
import { LogFileError } from "./fileError";
import { JsonFileButton } from "./JsonFileButton";
import type { Visits } from "./visits";
import { parseVisitsFile } from "./visitsFile";

export interface SuiteCoverage {
  readonly createdAt: string;
  readonly visits: Visits;
}

export type CoverageSource = "session" | "suite";

const MAX_BYTES = 20 * 1024 * 1024;

/** The run's time in the reader's language (the file's text when it is not a date). */
export function runTime(createdAt: string, lang: string): string {
  return dateText(lang, createdAt, "dateTime");
}

export function CoverageBar({
  source,
  suite,
  onSource,
  onSuite,
}: {
  readonly source: CoverageSource;
  readonly suite: SuiteCoverage | null;
  readonly onSource: (s: CoverageSource) => void;
  readonly onSuite: (s: SuiteCoverage) => void;
}) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const open = async (f: File) => {
    try {
      if (f.size > MAX_BYTES) throw new LogFileError("editor.inspector.coverageTooLarge");
      onSuite(parseVisitsFile(await f.text()));
      onSource("suite");
      setError(null);
    } catch (err) {
      if (err instanceof LogFileError) setError(err.key);
      else throw err;
    }
  };
  return (
    <div className="ink-inspector-replay">
      <label className="ink-inspector-pick">
        <span>{t("editor.inspector.coverageShow")}</span>
        <select
          value={suite ? source : "session"}
          onChange={(e) => onSource(e.target.value as CoverageSource)}
          data-testid="inspector-coverage-source"
        >
          <option value="session">{t("editor.inspector.coverageSession")}</option>
          {suite && (
            <option value="suite">
              {t("editor.inspector.coverageSuiteRun", { at: runTime(suite.createdAt, i18n.language) })}
            </option>
          )}
        </select>
      </label>
      <JsonFileButton
        label={t("editor.inspector.coverageLoad")}
        title={t("editor.inspector.coverageLoadTitle")}
        testId="inspector-coverage-file"
        onFile={(f) => void open(f)}
      />
      {error && (
        <p role="alert" data-testid="inspector-coverage-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
