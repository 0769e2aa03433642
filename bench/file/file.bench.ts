// Parse and serialise a 500-element label of mixed kinds in both formats; prints median times.
// Target on the 2-core reference machine: each under 20 ms median.
import { createElement, emptyDocument } from "../../src/model";
import { parseLabelFile, serializeTprt, serializeTprts } from "../../src/model/file";
import { ELEMENT_TYPES, type LabelDocument, type LabelElement } from "../../src/model/types";

const PNG_1PX =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function mixedLabel(n: number): LabelDocument {
  const elements: LabelElement[] = [];
  for (let i = 0; i < n; i++) {
    const type = ELEMENT_TYPES[i % ELEMENT_TYPES.length];
    let el = createElement(type, elements, { x: (i % 20) * 5, y: Math.floor(i / 20) * 3 }) as LabelElement;
    if (el.Type === "Text") el = { ...el, Data: `Item ${i} — 棉质T恤 <${i}>` };
    if (el.Type === "Image") el = { ...el, imageSrc: PNG_1PX };
    elements.push(el);
  }
  return { ...emptyDocument({ name: "Bench label" }), elements };
}

function median(times: number[]): number {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time and median CPU time (user + system) of `fn`; CPU time shows the cost when the
 * machine is shared and wall time is inflated by other processes. */
function time(label: string, fn: () => unknown, runs = 40): void {
  for (let i = 0; i < 5; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const m = median(wall);
  const verdict = m < 20 ? "met" : "MISSED";
  console.log(
    `${label.padEnd(20)} median ${m.toFixed(2).padStart(7)} ms wall, ${median(cpu).toFixed(2).padStart(7)} ms CPU  (target < 20 ms: ${verdict})`,
  );
}

const doc = mixedLabel(500);
const xml = serializeTprt(doc);
const bytes = serializeTprts(doc);
console.log(
  `500-element label: .tprt ${(xml.length / 1024).toFixed(0)} KiB, .tprts ${(bytes.length / 1024).toFixed(0)} KiB`,
);
time("serialise .tprt", () => serializeTprt(doc));
time("serialise .tprts", () => serializeTprts(doc));
time("parse .tprt", () => {
  if (!parseLabelFile(xml).ok) throw new Error("parse failed");
});
time("parse .tprts", () => {
  if (!parseLabelFile(bytes).ok) throw new Error("parse failed");
});
