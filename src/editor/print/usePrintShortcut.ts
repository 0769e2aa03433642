// Ctrl+P (⌘P) opens Inkless's print dialog instead of the browser's page print, while enabled
// (the editor turns it off while any dialog, the print dialog included, is open).
import { useEffect, useRef } from "react";
import { rememberOpener } from "./opener";

export function usePrintShortcut(onPrint: () => void, enabled: boolean): void {
  const cb = useRef(onPrint);
  cb.current = onPrint;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "p") {
        e.preventDefault();
        rememberOpener(document.activeElement);
        cb.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
