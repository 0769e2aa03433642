// Entry point of the web app: styles, languages, the router under /label.
import "../styles/tokens.css";
import "../styles/base.css";
import "../styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { i18nReady } from "./i18n";
import { createAppRouter } from "./router/routes";

const root = document.getElementById("root");
// the chosen language's messages (one chunk) first, so the first paint is already translated
if (root) {
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={createAppRouter()} />
      </StrictMode>,
    ),
  );
}
