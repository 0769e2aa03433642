// Makes the label stock catalogue (src/model/stock/catalogue.json) from the gLabels template
// database (MIT licence: src/model/stock/LICENSE.glabels-templates.txt): each maker's product by
// part number, its paper, label size and grid. Run again when the database grows:
//   node scripts/stock-catalogue.mjs [templates folder]   (Debian: apt-get install glabels-data)
// Kept: rectangular, round and elliptical labels in one regular grid on A4, US Letter or a roll
// ("Other": one label a page); left out: CD labels and products with several grids on a sheet.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "/usr/share/libglabels-3.0/templates";
const PAPERS = { A4: [210, 297], "US-Letter": [215.9, 279.4] };
const UNIT = { mm: 1, cm: 10, in: 25.4, pt: 25.4 / 72, pc: 25.4 / 6 };

/** "17.8mm", "0.5in", "207pt", "3" (points) → mm */
function mm(v) {
  const m = /^\s*(-?[\d.]+)\s*([a-z]*)\s*$/.exec(v ?? "");
  if (!m) return NaN;
  return Number(m[1]) * (UNIT[m[2] || "pt"] ?? NaN);
}
const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const r2 = (v) => Math.round(v * 100) / 100;
const unentity = (s) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

const byKey = new Map();
const equivs = [];
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith("-templates.xml"))
  .sort()) {
  const xml = readFileSync(join(dir, f), "utf8").replace(/<!--[\s\S]*?-->/g, "");
  for (const m of xml.matchAll(/<Template\b([^>]*?)(\/>|>([\s\S]*?)<\/Template>)/g)) {
    const a = attrs(m[1]);
    if (a.equiv) {
      equivs.push({ brand: a.brand, part: a.part, equiv: a.equiv });
      continue;
    }
    const body = m[3] ?? "";
    const frames = [...body.matchAll(/<Label-(rectangle|round|ellipse|cd)\b([^>]*)>([\s\S]*?)<\/Label-\1>/g)];
    if (frames.length !== 1) continue;
    const [, shape, frameAttrs, frameBody] = frames[0];
    if (shape === "cd") continue;
    const layouts = [...frameBody.matchAll(/<Layout\b([^>]*)\/>/g)].map((l) => attrs(l[1]));
    if (layouts.length !== 1) continue;
    const fa = attrs(frameAttrs);
    const w = shape === "round" ? 2 * mm(fa.radius) : mm(fa.width);
    const h = shape === "round" ? 2 * mm(fa.radius) : mm(fa.height);
    const l = layouts[0];
    const [nx, ny] = [Number(l.nx), Number(l.ny)];
    const [x0, y0, dx, dy] = [mm(l.x0), mm(l.y0), mm(l.dx), mm(l.dy)];
    const paper = a.size === "Other" ? "roll" : a.size;
    const [pw, ph] = paper === "roll" ? [mm(a.width), mm(a.height)] : (PAPERS[paper] ?? []);
    if (!pw || ![w, h, x0, y0].every(Number.isFinite) || w <= 0 || h <= 0) continue;
    if (paper === "roll" && (nx !== 1 || ny !== 1)) continue;
    // rounded first, so the rounded grid still adds up to its paper
    const [rw, rh, rx0, ry0] = [r2(w), r2(h), r2(x0), r2(y0)];
    const rawCol = nx > 1 ? r2(dx - w) : 0;
    const rawRow = ny > 1 ? r2(dy - h) : 0;
    // a few products overlap by a hair in the source (0.1 pt): no gap
    const colGap = Math.max(0, rawCol);
    const rowGap = Math.max(0, rawRow);
    const right = pw - rx0 - nx * rw - (nx - 1) * colGap;
    const bottom = ph - ry0 - ny * rh - (ny - 1) * rowGap;
    // overlapping labels or a grid off its paper: a mistake in the source, left out
    if ([rawCol, rawRow, right, bottom].some((v) => v < -0.05)) continue;
    const entry = {
      brand: unentity(a.brand),
      part: unentity(a.part),
      description: unentity(a._description ?? a.description ?? ""),
      paper,
      shape: shape === "rectangle" ? "rect" : shape,
      layout: {
        width: rw,
        height: rh,
        columns: nx,
        rows: ny,
        columnSpacing: colGap,
        rowSpacing: rowGap,
        paddingTop: ry0,
        paddingBottom: r2(Math.max(0, bottom)),
        paddingLeft: rx0,
        paddingRight: r2(Math.max(0, right)),
      },
    };
    byKey.set(`${entry.brand}\u0000${entry.part}`, entry);
  }
}
// products sold under other part numbers with the same geometry
for (const e of equivs) {
  const base = [...byKey.values()].find((t) => t.brand === e.brand && t.part === e.equiv);
  const key = `${e.brand}\u0000${e.part}`;
  if (base && !byKey.has(key)) byKey.set(key, { ...base, part: e.part });
}
const list = [...byKey.values()].sort(
  (a, b) => a.brand.localeCompare(b.brand) || a.part.localeCompare(b.part),
);
writeFileSync("src/model/stock/catalogue.json", `${JSON.stringify(list)}\n`);
const sheets = list.filter((e) => e.paper !== "roll").length;
console.log(`${list.length} products (${sheets} sheets, ${list.length - sheets} rolls) from ${dir}`);
