// The layers import one way (docs/architecture.md): src/model imports no UI, the editor imports no
// kind's panel or UI (it receives them from src/elements/ui.ts through the route), and only the route
// joins the two. Read from the source text: every static `from "…"` and dynamic `import("…")`.
// The server has one way too: its routes run no SQL (route → service → db).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve("src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** Each relative import of the files under `folder`, as "file → target" with paths under src/. */
function importsOf(folder: string): { file: string; target: string }[] {
  return importsOfDir(join(ROOT, folder));
}

/** The same for any folder; a line that starts inside a string (generated code in a template) is text. */
function importsOfDir(dir: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /^(?![ \t]*["'`]).*?(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["'](\.[^"']*)["']/gm,
    )) {
      out.push({ file: relative(ROOT, file), target: relative(ROOT, resolve(dirname(file), m[1])) });
    }
  }
  return out;
}

const offending = (folder: string, forbidden: RegExp) =>
  importsOf(folder)
    .filter((i) => forbidden.test(i.target))
    .map((i) => `${i.file} → ${i.target}`);

/**
 * The rooms of the house (docs/architecture.md "Rooms"): every source file belongs to the room of the
 * longest prefix below that its path (under src/, or machines/) starts with.
 */
const ROOMS: Readonly<Record<string, string>> = {
  "i18n/tips": "keys",
  model: "model",
  i18n: "i18n",
  spreadsheet: "spreadsheet",
  data: "data",
  codes: "codes",
  // The GS1 check digit is pure arithmetic that the barcode encoders and data formulas both use.
  "codes/checkDigits": "model",
  image: "image",
  render: "render",
  // what the renderers draw with: text layout, fonts, the picture threshold, SVG numbers and text
  "render/text": "layout",
  "render/fonts": "layout",
  "render/cmap": "layout",
  "render/fontMetrics": "layout",
  "render/fontManifest": "layout",
  "render/imageThreshold": "layout",
  "render/svg": "layout",
  // the renderers: each kind's element → SVG fragment, their contract and registry (no React)
  "elements/kind": "renderers",
  "elements/registry": "renderers",
  "elements/barcode/common": "renderers",
  "elements/barcode/render": "renderers",
  "elements/barcode/svg": "renderers",
  "elements/image/render": "renderers",
  "elements/line/render": "renderers",
  "elements/qrcode/centreImage": "renderers",
  "elements/qrcode/render": "renderers",
  "elements/shape/render": "renderers",
  "elements/table/render": "renderers",
  "elements/text/render": "renderers",
  "elements/timeText/render": "renderers",
  export: "export",
  print: "print",
  zpl: "zpl",
  // the TSPL reader turns TSPL into ZPL for the ZPL reader: the same room
  tspl: "zpl",
  docprint: "docprint",
  help: "help",
  feedback: "feedback",
  styles: "styles",
  machines: "machines",
  // the platform: API client, session, settings and preferences, the app's languages, the message
  // and loading buses the client reports to, the links between pages
  "app/api": "platform",
  "app/auth": "platform",
  "app/teams/space": "platform",
  "app/settings": "platform",
  "app/i18n": "platform",
  "app/labelLinks": "platform",
  "app/pageLinks": "platform",
  "app/ui/message": "platform",
  "app/ui/loading": "platform",
  "editor/prefs": "platform",
  // the web app's print services: the assistant client, cloud print and its page drawing, browser
  // print, the print record (the editor's print dialog and document printing both send through them)
  "app/printing": "printing",
  // rules the server and the web app share (pure)
  "app/validation": "rules",
  "app/passwordStrength": "rules",
  // the shared UI parts: the dialog shell, focus trap, fields of the app's pages
  "app/ui": "ui",
  "editor/dialogs": "ui",
  "editor/dialogs/ConfirmHost": "editor",
  "editor/save/ModalShell": "ui",
  "editor/inspector": "inspector",
  elements: "elements",
  editor: "editor",
  app: "app",
  server: "server",
  assistant: "assistant",
  cli: "cli",
};

/** The domain rooms: pure rules and formats, usable by every program (web app, server, assistant, CLI). */
const DOMAIN = [
  "keys",
  "rules",
  "model",
  "i18n",
  "spreadsheet",
  "data",
  "codes",
  "image",
  "layout",
  "renderers",
  "render",
  "export",
  "print",
];

/**
 * Which room may import which (besides itself). Bottom to top: the message keys; the model; languages,
 * spreadsheets, data sources, codes and pictures; rendering, export and printing; then the
 * machines and the screens, and the four programs (web app, server, print assistant, CLI) on top.
 * The table has no circle (checked below), so the rooms cannot import each other round.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  keys: [],
  rules: ["keys"],
  model: ["keys"],
  spreadsheet: ["keys", "model"],
  data: ["keys", "model", "spreadsheet"],
  i18n: ["keys", "model", "data"],
  codes: ["keys", "model", "i18n"],
  image: ["keys", "model"],
  layout: ["keys", "model", "data"],
  renderers: ["keys", "model", "i18n", "data", "codes", "image", "layout"],
  render: ["keys", "model", "i18n", "data", "codes", "image", "layout", "renderers"],
  export: ["keys", "model", "i18n", "spreadsheet", "data", "codes", "image", "layout", "render"],
  print: ["keys", "model", "i18n", "data", "codes", "image", "layout", "render", "export", "platform"],
  zpl: ["keys", "model", "i18n", "data", "codes", "image", "layout", "render", "export", "print"],
  help: ["keys", "model", "i18n"],
  feedback: ["keys", "model", "i18n"],
  styles: [],
  // machines: the model, the domain rules they decide with and their own services
  machines: DOMAIN,
  platform: ["keys", "rules", "model", "i18n", "spreadsheet", "data", "image", "feedback"],
  ui: ["keys", "model", "i18n", "platform", "styles"],
  printing: [...DOMAIN, "machines", "platform"],
  inspector: ["keys", "model", "i18n", "machines", "ui", "platform"],
  elements: [...DOMAIN, "editor", "ui", "platform", "inspector"],
  editor: [...DOMAIN, "zpl", "help", "machines", "ui", "platform", "printing", "inspector", "styles"],
  docprint: [...DOMAIN, "machines", "platform", "printing"],
  app: [
    ...DOMAIN,
    "zpl",
    "help",
    "feedback",
    "machines",
    "ui",
    "platform",
    "printing",
    "inspector",
    "editor",
    "elements",
    "docprint",
    "styles",
  ],
  server: [...DOMAIN, "feedback", "docprint", "inspector"],
  assistant: [...DOMAIN, "zpl"],
  cli: [...DOMAIN, "zpl", "assistant"],
};

const roomOf = (path: string): string | undefined => {
  const key = Object.keys(ROOMS)
    .filter((k) => path === k || path.startsWith(`${k}/`) || path.startsWith(`${k}.`))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : ROOMS[key];
};

/** Every relative import of src/ and machines/ (tests excluded), as paths under src/ ("../machines/…"). */
function allImports(): { file: string; target: string }[] {
  return [...importsOf("."), ...importsOfDir(resolve("machines"))].map((i) => ({
    file: i.file.replace(/^\.\.\/machines/, "machines"),
    target: i.target.replace(/^\.\.\/machines/, "machines"),
  }));
}

describe("import layers", () => {
  it("the scanner sees imports (a sanity check of the reader itself)", () => {
    const targets = importsOf("editor").map((i) => i.target);
    expect(targets).toContain("model/types");
    expect(offending("app/router", /^elements\/ui$/)).toEqual(["app/router/EditorRoute.tsx → elements/ui"]);
  });

  it("every source file is in a room, and the table names only rooms", () => {
    const rooms = new Set(Object.values(ROOMS));
    expect(new Set(Object.keys(MAY_IMPORT))).toEqual(rooms);
    for (const targets of Object.values(MAY_IMPORT)) for (const t of targets) expect(rooms).toContain(t);
    const homeless = allImports()
      .flatMap((i) => [i.file, i.target])
      .filter((p) => !p.startsWith("..") && !/\.(css|json)$/.test(p) && roomOf(p) === undefined);
    expect([...new Set(homeless)]).toEqual([]);
  });

  it("the table has no circle: no two rooms may import each other, directly or round", () => {
    const circles: string[] = [];
    const visit = (room: string, path: readonly string[]) => {
      for (const next of MAY_IMPORT[room] ?? []) {
        if (path.includes(next)) circles.push([...path.slice(path.indexOf(next)), next].join(" → "));
        else visit(next, [...path, next]);
      }
    };
    for (const room of Object.keys(MAY_IMPORT)) visit(room, [room]);
    expect(circles).toEqual([]);
  });

  it("every import between rooms is one the table allows (no exceptions)", () => {
    const imports = allImports();
    expect(imports.length).toBeGreaterThan(1000);
    const forbidden: string[] = [];
    for (const { file, target } of imports) {
      if (target.startsWith("..")) continue; // outside src: locales, scripts, package.json
      const from = roomOf(file);
      const to = roomOf(target);
      if (!from || !to || from === to || MAY_IMPORT[from]?.includes(to)) continue;
      forbidden.push(`${file} → ${target} (${from} → ${to})`);
    }
    expect(forbidden).toEqual([]);
  });

  it("the room check sees a forbidden import (a sanity check of the table reader)", () => {
    expect(roomOf("model/types")).toBe("model");
    expect(roomOf("i18n/tips")).toBe("keys");
    expect(roomOf("app/ui/Field")).toBe("ui");
    expect(roomOf("app/ui/message")).toBe("platform");
    expect(roomOf("editor/inspector/allowed")).toBe("inspector");
    expect(roomOf("elements/text/render")).toBe("renderers");
    expect(roomOf("elements/text/Panel")).toBe("elements");
    expect(roomOf("render/text/layout")).toBe("layout");
    expect(roomOf("render/index")).toBe("render");
    expect(MAY_IMPORT.model).not.toContain("editor");
    expect(MAY_IMPORT.server).not.toContain("app");
  });

  it("src/model imports nothing from the UI (elements, editor, app) nor React", () => {
    expect(offending("model", /^(elements|editor|app)(\/|$)/)).toEqual([]);
    const react = sourceFiles(join(ROOT, "model")).filter((f) =>
      /from\s*["']react/.test(readFileSync(f, "utf8")),
    );
    expect(react).toEqual([]);
  });

  it("the renderers and what they draw with import no React (the PDF worker and the CLI render too)", () => {
    const files = sourceFiles(ROOT).filter((f) => {
      const room = roomOf(relative(ROOT, f).replace(/\.tsx?$/, ""));
      return room === "renderers" || room === "layout";
    });
    expect(files.length).toBeGreaterThan(15);
    expect(files.filter((f) => /from\s*["']react/.test(readFileSync(f, "utf8")))).toEqual([]);
  });

  it("src/editor imports nothing from src/elements (the kinds' UI reaches it through the route)", () => {
    expect(offending("editor", /^elements(\/|$)/)).toEqual([]);
  });

  it("src/editor imports no kind's panel, UI definition or the UI list", () => {
    expect(
      offending("editor", /^elements\/[^/]+\/(Panel|ui)$|^elements\/(ui|registry)$|MultiPanel$/),
    ).toEqual([]);
  });

  it("src/server/routes runs no SQL: routes validate and map, services (src/server/services) query", () => {
    const statements = sourceFiles(join(ROOT, "server/routes")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\.query\s*[(<]|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/.test(line)
            ? [`${relative(ROOT, file)}:${i + 1}`]
            : [],
        ),
    );
    expect(sourceFiles(join(ROOT, "server/routes")).length).toBeGreaterThan(10);
    expect(statements).toEqual([]);
  });

  it("src/server/services imports no route: routes call services, never the other way", () => {
    expect(importsOf("server/services").length).toBeGreaterThan(10);
    expect(offending("server/services", /^server\/routes(\/|$)/)).toEqual([]);
  });
});
