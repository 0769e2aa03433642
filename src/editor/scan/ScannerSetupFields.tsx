// The scanner's setup under the scan panel: the prefix and the suffix a keyboard-wedge scanner sends
// around each code (useWedge tells its codes from typing by them).
import { useTranslation } from "react-i18next";
import { SCANNER_PREFIX_MAX } from "./scannerStore";
import { SCAN_FIELD_ATTR } from "./useWedge";
import type { ScannerSetup } from "./wedge";

interface Props {
  readonly scanner: ScannerSetup;
  readonly onChange: (next: ScannerSetup) => void;
}

export function ScannerSetupFields({ scanner, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <details className="ink-scan-setup" data-testid="scan-setup">
      <summary>{t("editor.scan.setup")}</summary>
      <label className="ink-scan-field">
        <span>{t("editor.scan.prefix")}</span>
        <input
          {...{ [SCAN_FIELD_ATTR]: "" }}
          value={scanner.prefix}
          maxLength={SCANNER_PREFIX_MAX}
          autoComplete="off"
          onChange={(e) => onChange({ ...scanner, prefix: e.target.value })}
          data-testid="scan-prefix"
        />
      </label>
      <label className="ink-scan-field">
        <span>{t("editor.scan.suffix")}</span>
        <select
          value={scanner.suffix}
          onChange={(e) => onChange({ ...scanner, suffix: e.target.value === "Tab" ? "Tab" : "Enter" })}
          data-testid="scan-suffix"
        >
          <option value="Enter">{t("editor.scan.suffix.Enter")}</option>
          <option value="Tab">{t("editor.scan.suffix.Tab")}</option>
        </select>
      </label>
    </details>
  );
}
