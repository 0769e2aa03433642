// The top bar: exit-edit, label name (rename), size in mm or inch, label settings, scan, help
// (shortcuts, editing guide).
// Save and print arrive with their own issues and are not shown until then.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MeasureUnit } from "../../model/constants";
import { fromMm } from "../../model/units";
import { action } from "../actions/registry";
import { kbdLabel } from "../actions/types";
import { IconLibraryButton } from "../icons/IconLibraryButton";
import { Icon } from "../toolbar/icons";
import { ShortcutHelp } from "../toolbar/ShortcutHelp";

interface TopBarProps {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly unit: MeasureUnit;
  readonly dirty: boolean;
  readonly onExit: () => void;
  readonly onRename: () => void;
  readonly onSettings: () => void;
  /** opens the AI dialog (a label from a picture) */
  readonly onAi?: () => void;
  /** reopens the editing guide (from the help popover) */
  readonly onGuide: () => void;
  /** the save dropdown (src/editor/save) */
  readonly actions?: ReactNode;
  /** false in the narrow preview: the editing-only controls (icon library, label settings, help) go */
  readonly editing?: boolean;
  /** the scan button (scan to print, issue 27) and whether its panel is open */
  readonly onScan?: () => void;
  readonly scanOpen?: boolean;
}

/** "W X H mm" or, in inch, the sizes ÷ 25.4 with 3 decimals; `unitName` is the unit in the
 *  interface language (app.unit.mm: 毫米 in Chinese, as every other page says). */
export function sizeLabel(width: number, height: number, unit: MeasureUnit, unitName?: string): string {
  return `${fromMm(width, unit)} X ${fromMm(height, unit)} ${unitName ?? (unit === "inch" ? "inch" : "mm")}`;
}

const scanTitle = (name: string) => {
  const k = action("scan").kbd?.[0];
  return k ? `${name} (${kbdLabel(k)})` : name;
};

export function TopBar({
  name,
  width,
  height,
  unit,
  dirty,
  onExit,
  onRename,
  onSettings,
  onAi,
  onGuide,
  actions,
  editing = true,
  onScan,
  scanOpen = false,
}: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="ink-top" data-testid="top-bar">
      <button
        type="button"
        className="ink-tool"
        aria-label={t("editor.top.exit")}
        title={t("editor.top.exit")}
        onClick={onExit}
        data-testid="exit-edit"
      >
        <Icon name="back" />
      </button>
      <button
        type="button"
        className="ink-label-name"
        onClick={onRename}
        title={t("editor.rename.title")}
        data-testid="label-name"
      >
        <span>{name}</span>
        {dirty && (
          <span
            className="ink-dirty"
            role="img"
            aria-label={t("editor.top.unsaved")}
            title={t("editor.top.unsaved")}
          >
            •
          </span>
        )}
        <Icon name="edit" />
      </button>
      <span className="ink-label-size" data-testid="label-size">
        {sizeLabel(width, height, unit, t(unit === "inch" ? "app.unit.inch" : "app.unit.mm"))}
      </span>
      <span className="ink-top-spacer" />
      {editing && <IconLibraryButton />}
      {editing && (
        <button
          type="button"
          className="ink-btn ink-top-compact"
          title={t("editor.action.labelSettings")}
          onClick={onSettings}
          data-testid="open-label-settings"
        >
          <Icon name="settings" />
          <span>{t("editor.action.labelSettings")}</span>
        </button>
      )}
      {onScan && (
        <button
          type="button"
          className="ink-btn ink-top-compact ink-scan-open"
          aria-pressed={scanOpen}
          aria-label={t("editor.scan.button")}
          title={scanTitle(t("editor.scan.title"))}
          onClick={onScan}
          data-testid="scan-open"
        >
          <Icon name="scan" />
          <span>{t("editor.scan.button")}</span>
        </button>
      )}
      {editing && onAi && (
        <button
          type="button"
          className="ink-btn ink-top-compact"
          title={t("ai.open")}
          onClick={onAi}
          data-testid="open-ai"
        >
          <Icon name="picture" />
          <span>{t("ai.open")}</span>
        </button>
      )}
      {actions}
      {editing && <ShortcutHelp placement="bottom" onGuide={onGuide} />}
    </header>
  );
}
