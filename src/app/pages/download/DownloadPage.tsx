// /download (spec §2 download centre): the print assistant's packages for each system with
// version, size and SHA-256 (GET /api/assistant/downloads), the one for the visitor's computer first
// (visitor.ts), the first-start steps (InstallSteps.tsx), what it does and which ports it opens.
// Public: the print dialog links here when the assistant does not answer.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { shotUrl } from "../../../help/shots";
import { pickLanguage } from "../../../i18n/language";
import { packageIdFor, type Visitor } from "../../../model/assistantPackages";
import { ASSISTANT_PORT } from "../../../model/constants";
import { interfaceApi } from "../../api/client";
import { LanguageSwitcher } from "../../ui/LanguageSwitcher";
import { Logo } from "../../ui/Logo";
import { InstallSteps } from "./InstallSteps";
import { detectVisitor } from "./visitor";
import "./download.css";

interface Package {
  readonly id: string;
  readonly file: string;
  readonly size: number;
  readonly sha256: string;
  readonly url: string;
}

interface Downloads {
  readonly version: string;
  readonly recommended: string;
  readonly packages: readonly Package[];
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The package kinds the page explains, in the order it shows them. */
const KINDS = ["windows-x64", "macos-arm64", "macos-x64", "linux-x64", "node", "script"] as const;

export default function DownloadPage() {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<Downloads | null>(null);
  const [failed, setFailed] = useState(false);
  const [visitor, setVisitor] = useState<Visitor | null>(null);
  useEffect(() => {
    interfaceApi
      .get<Downloads>("/api/assistant/downloads", {}, { loading: false })
      .then(setData, () => setFailed(true));
    void detectVisitor().then(setVisitor);
  }, []);
  const known = KINDS.flatMap((k) => data?.packages.filter((p) => p.id === k) ?? []);
  const recommended = visitor
    ? packageIdFor(
        known.map((p) => p.id),
        visitor,
      )
    : data?.recommended;
  // the visitor's package first
  const packages = [...known].sort((a, b) => Number(b.id === recommended) - Number(a.id === recommended));
  return (
    <main className="download-page">
      <header className="download-top">
        <Logo size={32} />
        <LanguageSwitcher />
      </header>
      <h1>{t("download.title")}</h1>
      <p className="muted">{t("download.intro")}</p>
      <section aria-labelledby="download-packages">
        <h2 id="download-packages">
          {t("download.packages")}
          {data?.version ? ` · ${t("download.version", { version: data.version })}` : ""}
        </h2>
        {failed && <p role="alert">{t("download.failed")}</p>}
        {data && packages.length === 0 && <p className="muted">{t("download.none")}</p>}
        {packages.length > 0 && (
          <ul className="download-list" data-testid="download-list">
            {packages.map((p) => (
              <li
                key={p.id}
                className={p.id === recommended ? "is-recommended" : undefined}
                data-testid={`package-${p.id}`}
              >
                <div className="download-head">
                  <strong>{t(`download.kind.${p.id}`)}</strong>
                  {p.id === recommended && <span className="download-badge">{t("download.forYou")}</span>}
                </div>
                <p className="muted">{t(`download.kindText.${p.id}`)}</p>
                <a
                  className="btn btn-primary"
                  href={p.url}
                  download={p.file}
                  data-testid={`download-${p.id}`}
                >
                  {t("download.get", { size: mb(p.size) })}
                </a>
                <p className="download-sum">
                  <code>{p.file}</code>
                </p>
                <p className="download-sum">
                  SHA-256: <code data-testid={`sha256-${p.id}`}>{p.sha256}</code>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="download-install">
        <h2 id="download-install">{t("download.install")}</h2>
        <InstallSteps system={visitor?.system ?? "node"} />
        <figure className="download-shot">
          {/* the assistant's window as it first starts, in the page's language (help-shots spec) */}
          <img
            src={shotUrl(pickLanguage(i18n.language), "assistant-window")}
            alt={t("download.assistantPicture")}
            data-testid="assistant-picture"
          />
          <figcaption className="muted">{t("download.assistantPicture")}</figcaption>
        </figure>
        <figure className="download-shot">
          {/* a screenshot of this app's own pairing box, in the page's language (help-shots spec) */}
          <img
            src={shotUrl(pickLanguage(i18n.language), "pairing")}
            alt={t("download.pairPicture")}
            data-testid="pairing-picture"
          />
          <figcaption className="muted">{t("download.pairPicture")}</figcaption>
        </figure>
        <p className="muted">{t("download.step.check")}</p>
      </section>
      <section aria-labelledby="download-what">
        <h2 id="download-what">{t("download.what")}</h2>
        <ul>
          <li>{t("download.what.printers")}</li>
          <li>{t("download.what.port", { port: ASSISTANT_PORT })}</li>
          <li>{t("download.what.pairing")}</li>
          <li>{t("download.what.outgoing")}</li>
          <li>{t("download.what.settings")}</li>
        </ul>
      </section>
    </main>
  );
}
