// 1,000 Code 128 and 1,000 QR codes to portable SVG: ours (the element kinds, merged paths, through
// renderLabel) against plain bwipjs.toSVG, in the same run. Every code has distinct data, so the
// encoder cache never helps. Target: ≤ 0.5 s for the 2,000 codes together.
import { loadavg } from "node:os";
import { loadBwip } from "../../src/codes/bwip";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument } from "../../src/model/types";
import { renderLabel } from "../../src/render";

const N = 1000;
const bwip = await loadBwip();

function doc(type: "Barcode" | "QRcode", data: string): LabelDocument {
  const base = createElement(type, [], { x: 2, y: 2 });
  const el = {
    ...base,
    Data: data,
    Width: type === "Barcode" ? 50 : 25,
    Height: type === "Barcode" ? 15 : 25,
  };
  return { attrs: { ...emptyDocument().attrs, width: 60, height: 30 }, elements: [el] };
}

const code128Data = (i: number, run: string) => `INK-${run}-${String(i).padStart(6, "0")}`;
const qrData = (i: number, run: string) =>
  `https://inkless.example/label/${run}/${i}?sku=${(i * 7919) % 100000}`;

const cpu: number[] = [];
/** Wall-clock ms; the process's CPU ms go to `cpu` (less distorted when the machine is shared). */
function time(f: () => void): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  return wall;
}

// warm-up with other data (JIT), then measure
for (let i = 0; i < 200; i++) {
  renderLabel(doc("Barcode", code128Data(i, "w")), { target: "print", dpi: 203 });
  renderLabel(doc("QRcode", qrData(i, "w")), { target: "print", dpi: 203 });
  bwip.toSVG({ bcid: "code128", text: code128Data(i, "w") });
  bwip.toSVG({ bcid: "qrcode", text: qrData(i, "w") });
}

let bytes = 0;
const ours128 = time(() => {
  for (let i = 0; i < N; i++)
    bytes += renderLabel(doc("Barcode", code128Data(i, "m")), { target: "print", dpi: 203 }).length;
});
const oursQr = time(() => {
  for (let i = 0; i < N; i++)
    bytes += renderLabel(doc("QRcode", qrData(i, "m")), { target: "print", dpi: 203 }).length;
});
let peerBytes = 0;
const bwip128 = time(() => {
  for (let i = 0; i < N; i++) peerBytes += bwip.toSVG({ bcid: "code128", text: code128Data(i, "p") }).length;
});
const bwipQr = time(() => {
  for (let i = 0; i < N; i++) peerBytes += bwip.toSVG({ bcid: "qrcode", text: qrData(i, "p") }).length;
});

const f = (ms: number) => `${ms.toFixed(0).padStart(6)} ms  (${((ms / N) * 1000).toFixed(0)} µs/code)`;
console.log(`codes → portable SVG, ${N} Code 128 + ${N} QR, distinct data`);
console.log(`  ours  Code 128 ${f(ours128)}`);
console.log(`  ours  QR       ${f(oursQr)}`);
console.log(
  `  ours  total    ${(ours128 + oursQr).toFixed(0)} ms for ${2 * N} codes (target ≤ 500 ms), ${(bytes / 2 / N).toFixed(0)} bytes/label`,
);
console.log(`  bwip-js toSVG Code 128 ${f(bwip128)}`);
console.log(`  bwip-js toSVG QR       ${f(bwipQr)}`);
console.log(
  `  bwip-js total  ${(bwip128 + bwipQr).toFixed(0)} ms, ${(peerBytes / 2 / N).toFixed(0)} bytes/code`,
);
console.log(`  speed-up ×${((bwip128 + bwipQr) / (ours128 + oursQr)).toFixed(1)}`);
// shared machines: the load average says how far these wall-clock figures are from an idle one
console.log(`  load average ${loadavg()[0].toFixed(1)} on this machine during the run`);
console.log(
  `  CPU time: ours ${(cpu[0] + cpu[1]).toFixed(0)} ms (Code 128 ${cpu[0].toFixed(0)}, QR ${cpu[1].toFixed(0)}), bwip-js ${(cpu[2] + cpu[3]).toFixed(0)} ms`,
);

// Resizing (spec §4 "regenerate 100 ms after resizing"): the canvas draws the code again at every
// resize step. The encoding does not depend on the size and is memoised, so a step is only layout +
// SVG writing; this measures it for a large QR code (version 10 data) and a Code 128.
function resizeSteps(type: "Barcode" | "QRcode", data: string): number {
  const base = doc(type, data);
  renderLabel(base, { target: "canvas" });
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const w = 20 + (i % 200) * 0.1;
    const el = { ...base.elements[0], Width: w, Height: type === "QRcode" ? w : 15 };
    renderLabel({ ...base, elements: [el] }, { target: "canvas" });
  }
  return (performance.now() - t0) / N;
}
const qrStep = resizeSteps("QRcode", "https://inkless.example/".padEnd(200, "x"));
const bcStep = resizeSteps("Barcode", "INK-RESIZE-000123");
console.log(
  `resize redraw (encoding memoised): QR version 10 ${(qrStep * 1000).toFixed(0)} µs/step, Code 128 ${(bcStep * 1000).toFixed(0)} µs/step`,
);
