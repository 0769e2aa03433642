// Undo/redo presentation, before and after a change, measured in alternation (issue 24). Two
// editors are open side by side on the 1,000-element scene of ui.bench.ts, one served from an
// earlier build ("before", BENCH_BEFORE_DIR) and one from dist/client ("after", or
// BENCH_CLIENT_DIR); each has dragged its 100 selected rectangles once (one history entry). Then,
// round after round, each editor in turn (the order swapping every round) gets Ctrl+Z and Ctrl+Y
// from a quiet canvas, and the Event Timing API reports each key press's duration: from the key
// press to the frame presented with the change, raster included (what INP measures; 8 ms
// granularity, and the browser reports only events of 16 ms and more: those count as 16 here).
// Both run in the same minutes under the same load, so the load is in both figures alike; the load
// average is printed with them. Target: p95 ≤ 33 ms. Beside it, the main thread's part: key press
// → the end of React's commit (the label's DOM updated, the screen's components rendered).
// Run: npx vite build --outDir /tmp/before (on the earlier commit), then on this one
//   node scripts/build-if-needed.mjs && BENCH_BEFORE_DIR=/tmp/before node --import tsx bench/editor/undo.bench.ts [rounds]
import { loadavg } from "node:os";
import type { Page } from "playwright-core";
import { countRenders, readRenders, resetRenders } from "../../e2e/support/renderCounts";
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
  const scene = await openScene(undefined, dir, countRenders);
  await scene.page.evaluate(
    `window.addEventListener("keydown", () => { window.__keyAt = performance.now(); }, true)`,
  );
  await settled(scene.page);
  await dragSelection(scene.page, scene.ids, 60);
  await settled(scene.page);
  if ((await scene.page.evaluate(() => window.inklessEditor?.get().selection.length)) !== SELECTED)
    throw new Error("the drag did not move the whole selection");
  await scene.page.getByTestId("canvas").hover();
  return scene;
}

/**
 * Presses a key; its Event Timing duration (key press → presented frame) and the main thread's part
 * of it: key press → the end of React's first commit after it (the label's DOM changed, the screen's
 * components rendered; counted by the DevTools hook, e2e/support/renderCounts.ts).
 */
interface Pressed {
  readonly paint: number;
  readonly commit: number;
}

async function press(page: Page, key: string): Promise<Pressed> {
  await resetRenders(page);
  const paint = (await keyToPaint(page, key)) ?? FLOOR_MS;
  const { commitAt } = await readRenders(page);
  const at = (await page.evaluate("window.__keyAt")) as number;
  const first = commitAt.find((t) => t >= at);
  if (first === undefined) throw new Error(`no React commit after ${key}`);
  return { paint, commit: first - at };
}

async function main() {
  const before = process.env.BENCH_BEFORE_DIR;
  if (!before) throw new Error("set BENCH_BEFORE_DIR to a build of the client before the change");
  const rounds = Number(process.argv[2] ?? 10);
  const variants = [
    { name: "before", scene: await prepared(before), undo: [] as Pressed[], redo: [] as Pressed[] },
    {
      name: "after",
      scene: await prepared(process.env.BENCH_CLIENT_DIR),
      undo: [] as Pressed[],
      redo: [] as Pressed[],
    },
  ];
  const loads = [load()];
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...variants].reverse() : variants;
      for (const v of order) {
        v.undo.push(await press(v.scene.page, "Control+z"));
        await v.scene.page.waitForTimeout(300);
        v.redo.push(await press(v.scene.page, "Control+y"));
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
      for (const [what, all] of [
        ["undo", v.undo],
        ["redo", v.redo],
      ] as const) {
        const xs = all.map((p) => p.paint);
        const js = all.map((p) => p.commit);
        console.log(
          `  ${v.name.padEnd(6)} ${what}: p50 ${pct(xs, 50)} ms, p95 ${pct(xs, 95)} ms, max ${Math.max(
            ...xs,
          )} ms (target p95 ≤ 33 ms) [${xs.join(", ")}]; key → React commit p50 ${pct(js, 50).toFixed(
            1,
          )} ms, p95 ${pct(js, 95).toFixed(1)} ms, max ${Math.max(...js).toFixed(1)} ms`,
        );
      }
  } finally {
    for (const v of variants) await v.scene.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
