// Toolbar icons (24 × 24 strokes, currentColor), by the action's icon name.
import { memo } from "react";

const PATHS: Readonly<Record<string, string>> = {
  canvasLock: "M4 4h16v16H4zM9 12h6M12 9v6",
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v9H5z",
  mirror: "M12 3v18M9 6L4 18h5zM15 6l5 12h-5z",
  rotateCw: "M20 4v5h-5M20 9a8 8 0 1 0 1 6M9 10h6v6H9z",
  rotateCcw: "M4 4v5h5M4 9a8 8 0 1 1-1 6M9 10h6v6H9z",
  undo: "M9 7L4 12l5 5M4 12h11a5 5 0 0 1 0 10h-3",
  redo: "M15 7l5 5-5 5M20 12H9a5 5 0 0 0 0 10h3",
  alignLeft: "M4 3v18M8 7h10v4H8zM8 14h6v4H8z",
  alignCenter: "M12 3v18M6 7h12v4H6zM9 14h6v4H9z",
  alignRight: "M20 3v18M6 7h10v4H6zM10 14h6v4h-6z",
  alignTop: "M3 4h18M7 8h4v10H7zM14 8h4v6h-4z",
  alignMiddle: "M3 12h18M7 6h4v12H7zM14 9h4v6h-4z",
  alignBottom: "M3 20h18M7 6h4v10H7zM14 10h4v6h-4z",
  distributeH: "M4 4v16M20 4v16M10 8h4v8h-4z",
  distributeV: "M4 4h16M4 20h16M8 10h8v4H8z",
  toTop: "M12 20V8M7 12l5-5 5 5M5 4h14",
  toBottom: "M12 4v12M7 12l5 5 5-5M5 20h14",
  copy: "M8 8h11v12H8zM5 16V4h11",
  paste: "M9 4h6v3H9zM6 6h12v14H6z",
  delete: "M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13",
  grid: "M4 4h16v16H4zM4 10h16M4 15h16M10 4v16M15 4v16",
  settings:
    "M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2",
  fit: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
  zoomIn: "M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M20 20l-4-4M8 11h6M11 8v6",
  zoomOut: "M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M20 20l-4-4M8 11h6",
  help: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7M12 17h.01",
  back: "M15 5l-7 7 7 7",
  scan: "M3 8V4h4M17 4h4v4M21 16v4h-4M7 20H3v-4M7 8v8M10 8v8M13 8v8M16 8v8",
  // a camera: the AI dialog (a label from a picture)
  picture: "M4 8h4l2-3h4l2 3h4v11H4zM12 10a3 3 0 1 0 0 6a3 3 0 1 0 0-6",
  edit: "M4 20h4l10-10-4-4L4 16zM13 7l4 4",
};

// memo: a button renders again when its state changes; its icon only with its name
export const Icon = memo(function Icon({ name }: { readonly name: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d={PATHS[name] ?? ""} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
});
