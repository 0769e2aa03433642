// 1,000 labels (the bench label, 100 × 80 mm) to a zip of 300 dpi PNGs with the built `label`
// command, as a user runs it (issue 41, target ≥ 100 labels/s on 2 cores): labels/s, CPU seconds
// and peak RSS of the whole process, with the raster workers (a worker per core, the default) and
// beside it the same command drawing on one thread (INKLESS_RASTER_WORKERS=0).
//   node --import tsx bench/export/images.bench.ts [records]
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildNode, NODE_DIR } from "../../scripts/build-node.mjs";
import { serializeTprts } from "../../src/model/file";
import { benchLabel } from "../../tests/export/support/labels";
import { measureNode } from "./child";

const records = Number(process.argv[2]) || 1000;
const dir = mkdtempSync(join(tmpdir(), "inkless-images-bench-"));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

await buildNode({ quiet: true });
const file = join(dir, "bench.tprts");
writeFileSync(file, serializeTprts(benchLabel(records)));

async function run(workers: string | undefined) {
  const out = join(dir, "labels.zip");
  const env = { ...process.env, INKLESS_RASTER_WORKERS: workers };
  if (workers === undefined) delete env.INKLESS_RASTER_WORKERS;
  const r = await measureNode([join(NODE_DIR, "label.js"), "render", file, "--out", out, "--quiet"], env);
  const size = statSync(out).size;
  rmSync(out);
  return { ...r, size };
}

try {
  for (const [name, workers] of [
    [`${availableParallelism()} raster workers`, undefined],
    ["one thread (peer)", "0"],
  ] as const) {
    const r = await run(workers);
    console.log(
      `label render → ZIP of 300 dpi PNGs, ${name}: ${records} labels in ${r.seconds.toFixed(1)} s = ${Math.round(records / r.seconds)} labels/s (CPU ${r.cpu.toFixed(1)} s), peak RSS ${mb(r.peak)}, zip ${mb(r.size)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// the machine may be shared: the load average says how far wall times are from a quiet machine
console.log(
  `load average: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")} on ${availableParallelism()} cores`,
);
