// The label editor screen (/editLabel): top bar, palette, canvas, attribute panel, bottom bar.
import { useMemo } from "react";
import { startFromQuery } from "./query";

export default function EditorPage() {
  const start = useMemo(() => startFromQuery(window.location.search), []);
  const { attrs } = start.doc;
  return (
    <div className="ink-editor" data-testid="editor">
      <header className="ink-editor-top">
        <span data-testid="label-name">{attrs.name}</span>
        <span data-testid="label-size">
          {attrs.width} X {attrs.height} mm
        </span>
      </header>
      <main className="ink-editor-main" />
    </div>
  );
}
