// Renderer figures: a 500-element mixed label to portable SVG (target < 20 ms median), and text
// layout of 1,000 text elements with mixed Latin/CJK text and auto line (target ≤ 50 ms).
// Peer: opentype.js measuring the same strings with its own shaper (no wrapping, one family).
import { readFileSync } from "node:fs";
import * as opentype from "opentype.js";
import { createElement } from "../../src/model/kinds";
import type { TextElement } from "../../src/model/types";
import { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { layoutText, textElementSpec } from "../../src/render/text";
import { FAMILIES, mixedLabel, phrase } from "./mixedLabel";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gc = (globalThis as { gc?: () => void }).gc;
/** Wall time of one run (ms); CPU time of this process goes to `cpu` (other processes on a busy
 * 2-core machine inflate wall time, not CPU time). */
const cpu: number[] = [];
function time(f: () => void): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  return wall;
}
function cpuOf(n: number): number {
  return median(cpu.splice(0, cpu.length).slice(-n));
}

const fonts = new FontRegistry();

const doc = mixedLabel();
const t0 = performance.now();
await prepareRender(doc, { fonts });
const prepMs = performance.now() - t0;
gc?.(); // font parsing leaves a lot of garbage behind: start the runs from a clean heap

// cold: every element is a new object, so nothing comes from the fragment cache
const fresh = () => ({ ...doc, elements: doc.elements.map((e) => ({ ...e })) });
for (let i = 0; i < 10; i++) renderLabel(fresh(), { fonts });
const docs = Array.from({ length: 30 }, fresh);
cpu.length = 0;
const renders = docs.map((d) => time(() => renderLabel(d, { fonts })));
const rendersCpu = cpuOf(30);
// warm: the canvas re-rendering a label after an edit (unchanged elements reuse their fragment)
const warm = Array.from({ length: 30 }, () => time(() => renderLabel(doc, { fonts })));
const warmCpu = cpuOf(30);
const kinds = new Map<string, number>();
for (const e of doc.elements) kinds.set(e.Type, (kinds.get(e.Type) ?? 0) + 1);

// 1,000 text elements, distinct mixed-script strings, auto line
const texts = Array.from({ length: 1000 }, (_, i) => {
  const t = createElement("Text", [], { x: 0, y: 0 }) as TextElement;
  return {
    ...t,
    Data: `${phrase(i, 6 + (i % 7))} #${i}`,
    FontFamily: FAMILIES[i % 2],
    FontSize: 9 + (i % 4),
    TextAutoLine: true,
    BoxWidth: 25 + (i % 20),
  };
});
const layoutAll = () => {
  let lines = 0;
  for (const t of texts) lines += layoutText(textElementSpec(t, t.Data, t.Width), fonts).lines.length;
  return lines;
};
layoutAll();
let lineCount = 0;
const layouts = Array.from({ length: 15 }, () => time(() => (lineCount = layoutAll())));
const layoutsCpu = cpuOf(15);

// peer: opentype.js measuring the same strings with its shaper (Noto Sans SC; no wrapping)
const ot = opentype as unknown as {
  parse?: typeof opentype.parse;
  default?: { parse: typeof opentype.parse };
};
const parse = ot.parse ?? (ot.default as { parse: typeof opentype.parse }).parse;
const buf = readFileSync(new URL("../../public/fonts/NotoSansSC-Regular.ttf", import.meta.url));
const noto = parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), {
  lowMemory: true,
}) as unknown as {
  getAdvanceWidth(s: string, size: number): number;
};
const peer = time(() => {
  for (const t of texts) noto.getAdvanceWidth(t.Data, 12);
});

const svgBytes = renderLabel(doc, { fonts }).length;
console.log(`elements: ${doc.elements.length} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`);
console.log(`prepareRender (fonts + encoders, cold): ${prepMs.toFixed(0)} ms`);
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")} (2 cores)`,
);
const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(
  `renderLabel 500 elements, cold: median ${ms(median(renders))} wall (${ms(rendersCpu)} CPU), min ${ms(Math.min(...renders))}, ${(svgBytes / 1024).toFixed(0)} KiB SVG  (target < 20 ms)`,
);
console.log(
  `renderLabel 500 elements, warm (fragment cache, as on the canvas): median ${ms(median(warm))} wall (${ms(warmCpu)} CPU), min ${ms(Math.min(...warm))}`,
);
console.log(
  `layoutText 1,000 mixed-script auto-line texts: median ${ms(median(layouts))} wall (${ms(layoutsCpu)} CPU), min ${ms(Math.min(...layouts))}, ${lineCount} lines  (target ≤ 50 ms)`,
);
console.log(`peer opentype.js getAdvanceWidth, same 1,000 strings, measure only: ${ms(peer)} wall`);
