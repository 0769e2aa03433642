// Opens the inspector with ?inspect=1 or Ctrl+Shift+I (Cmd+Shift+I); ?inspect=stately also connects
// @statelyai/inspect (loaded lazily) for the Stately web inspector, where allowed (allowed.ts).
import { useEffect, useState } from "react";
import { statelyAllowed } from "./allowed";
import { Inspector } from "./Inspector";
import { connectStately } from "./stately";

/** The inspector a query asks for; "stately" only where allowed, else nothing. */
export function inspectMode(search: string, stately = statelyAllowed()): "off" | "panel" | "stately" {
  const v = new URLSearchParams(search).get("inspect");
  if (v === "stately") return stately ? "stately" : "off";
  return v === "1" || v === "true" ? "panel" : "off";
}

export function InspectorHost() {
  const [open, setOpen] = useState(() => inspectMode(window.location.search) === "panel");
  useEffect(() => {
    if (inspectMode(window.location.search) !== "stately") return;
    let live = true;
    let detach: (() => void) | null = null;
    connectStately()
      .then((d) => {
        if (live) detach = d;
        else d();
      })
      .catch((err: unknown) => console.error("Stately inspector unavailable", err));
    return () => {
      live = false;
      detach?.();
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && (e.key === "I" || e.key === "i" || e.code === "KeyI")) {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return open ? <Inspector onClose={() => setOpen(false)} /> : null;
}
