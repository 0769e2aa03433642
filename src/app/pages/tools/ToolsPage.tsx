// /tools, the "online tools" area (application.md §2): each tool that is routed here, with what it
// does and a link that opens it (nav/toolEntries.ts).
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { routedTools } from "../../nav/toolEntries";
import { routeExists } from "../../router/routeExists";
import "./tools.css";

export default function ToolsPage() {
  const { t } = useTranslation();
  const tools = routedTools(routeExists, t("app.home.defaultLabelName"));
  return (
    <main className="tools-page">
      <h1>{t("app.nav.tools")}</h1>
      <p className="muted">{t("app.tools.intro")}</p>
      <ul className="tools-list" data-testid="tools-list">
        {tools.map((tool) => (
          <li key={tool.id} className="card tools-card" data-testid={`tool-${tool.id}`}>
            <h2>
              <Link to={tool.href}>{t(tool.label)}</Link>
            </h2>
            <p className="muted">{t(tool.description)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
