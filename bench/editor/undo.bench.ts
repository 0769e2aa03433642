// Undo/redo presentation, before and after a change, measured in alternation (issue 24). Two
// editors are open side by side on the 1,000-element scene of ui.bench.ts, one served from an
// earlier build ("before", BENCH_BEFORE_DIR) and one from dist/client ("after", or
// BENCH_CLIENT_DIR); each has dragged its 100 selected rectangles once (one history entry). Then,
// round after round, each editor in turn (the order swapping every round) gets Ctrl+Z and Ctrl+Y
// from a quiet canvas, and the Event Timing API reports each key press's duration: from the key
// press to the frame presented with the change, raster included (what INP measures; 8 ms
// granularity, and the browser reports only events of 16 ms and more: those count as 16 here).
// Both run in the same minutes under the same load, so the load is in both figures alike; the load
// average is printed with them. Target: p95 ≤ 33 ms.
// Run: npx vite build --outDir /tmp/before (on the earlier commit), then on this one
//   node scripts/build-if-needed.mjs && BENCH_BEFORE_DIR=/tmp/before node --import tsx bench/editor/undo.bench.ts [rounds]
import { loadavg } from "node:os";
import { dragSelection, keyToPaint, N, openScene, type Scene, SELECTED, settled } from "./scene";

const FLOOR_MS = 16;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/** Opens a scene and drags its selection once, so there is a 100-element move to undo. */
async function prepared(dir: string | undefined): Promise<Scene> {
  const scene = await openScene(undefined, dir);
  await settled(scene.page);
  await dragSelection(scene.page, scene.ids, 60);
  await settled(scene.page);
  await scene.page.getByTestId("canvas").hover();
  return scene;
}

async function main() {
  const before = process.env.BENCH_BEFORE_DIR;
  if (!before) throw new Error("set BENCH_BEFORE_DIR to a build of the client before the change");
  const rounds = Number(process.argv[2] ?? 10);
  const variants = [
    { name: "before", scene: await prepared(before), undo: [] as number[], redo: [] as number[] },
    {
      name: "after",
      scene: await prepared(process.env.BENCH_CLIENT_DIR),
      undo: [] as number[],
      redo: [] as number[],
    },
  ];
  const loads = [load()];
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...variants].reverse() : variants;
      for (const v of order) {
        v.undo.push((await keyToPaint(v.scene.page, "Control+z")) ?? FLOOR_MS);
        await v.scene.page.waitForTimeout(300);
        v.redo.push((await keyToPaint(v.scene.page, "Control+y")) ?? FLOOR_MS);
        await v.scene.page.waitForTimeout(300);
      }
    }
    loads.push(load());
    console.log(
      `undo / redo of a ${SELECTED}-element move on ${N} elements, key press → presented frame ` +
        `(Event Timing), ${rounds} of each per build in alternation; load average (1/5/15 min) ` +
        `at start ${loads[0]}, at end ${loads[1]}`,
    );
    for (const v of variants)
      for (const [what, xs] of [
        ["undo", v.undo],
        ["redo", v.redo],
      ] as const)
        console.log(
          `  ${v.name.padEnd(6)} ${what}: p50 ${pct(xs, 50)} ms, p95 ${pct(xs, 95)} ms, max ${Math.max(
            ...xs,
          )} ms (target p95 ≤ 33 ms) [${xs.join(", ")}]`,
        );
  } finally {
    for (const v of variants) await v.scene.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
