// The download page's "Install and start": the first-start steps for each system, the visitor's own
// first and open (the others folded): Windows (SmartScreen, the console window, start at login),
// macOS (Gatekeeper's two ways to open an app from the web, start at login), Linux, and the Node zip
// anywhere else.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PackageSystem } from "../../../model/assistantPackages";

const ORDER: readonly PackageSystem[] = ["windows", "macos", "linux", "node"];

function Steps({ system }: { system: PackageSystem }): ReactNode {
  const { t } = useTranslation();
  const pair = <li>{t("download.step.pair")}</li>;
  switch (system) {
    case "windows":
      return (
        <ol>
          <li>{t("download.step.windows1")}</li>
          <li>{t("download.step.windowsSmartScreen")}</li>
          <li>{t("download.step.windowsConsole")}</li>
          {pair}
          <li>
            {t("download.step.windowsStartup")}{" "}
            <code>inkless-assistant-windows-x64.exe --install-startup</code>
          </li>
        </ol>
      );
    case "macos":
      return (
        <ol>
          <li>{t("download.step.macos1")}</li>
          <li>{t("download.step.macos2")}</li>
          <li data-testid="gatekeeper">
            {t("download.step.macosGatekeeper")}
            <ul>
              <li>{t("download.step.macosOpen")}</li>
              <li>{t("download.step.macosAnyway")}</li>
            </ul>
          </li>
          <li>{t("download.step.macosTerminal")}</li>
          {pair}
          <li data-testid="macos-startup">
            {t("download.step.macosStartup")}{" "}
            <code>./node/bin/node inkless-assistant.cjs --install-startup</code>
          </li>
        </ol>
      );
    case "linux":
      return (
        <ol>
          <li>{t("download.step.linux1")}</li>
          <li>
            <code>chmod +x inkless-assistant-linux-x64 && ./inkless-assistant-linux-x64</code>
          </li>
          {pair}
        </ol>
      );
    default:
      return (
        <ol>
          <li>{t("download.step.node")}</li>
          <li>{t("download.step.nodeStart")}</li>
          {pair}
        </ol>
      );
  }
}

export function InstallSteps({ system }: { system: PackageSystem }) {
  const { t } = useTranslation();
  const systems = [system, ...ORDER.filter((s) => s !== system)];
  return (
    <>
      {systems.map((s) => (
        <details key={s} open={s === system} data-testid={`install-${s}`}>
          <summary>
            <h3>{t(`download.os.${s}`)}</h3>
          </summary>
          <Steps system={s} />
        </details>
      ))}
    </>
  );
}
