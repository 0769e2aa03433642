// Where the editor's frame time goes (not a benchmark: a tool for finding the cost). Records a
// Chromium trace while dragging the 100-element selection and while Ctrl+wheel zooming (the
// scene of ui.bench.ts) and prints, per gesture, the main-thread time by trace event and the
// hottest JS functions of a CPU profile.
// Run: node --import tsx bench/editor/ui.profile.ts [drag|zoom|undo]
import type { CDPSession, Page } from "playwright-core";
import { dragSelection, openScene, wheelZoom } from "./scene";

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function traced(page: Page, cdp: CDPSession, run: () => Promise<unknown>) {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz",
    transferMode: "ReportEvents",
  } as never);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const t0 = Date.now();
  await run();
  const wall = Date.now() - t0;
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await cdp.send("Tracing.end");
  await done;
  void page;
  return { events, profile, wall };
}

function summarise(events: TraceEvent[], wall: number) {
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const byThread = new Map<string, Map<string, { n: number; ms: number }>>();
  for (const e of events) {
    if (e.ph !== "X" || !e.dur) continue;
    const th = threads.get(`${e.pid}:${e.tid}`) ?? "?";
    if (/IOThread|Media|AudioOutput|Perfetto|DevTools/.test(th)) continue;
    const m = byThread.get(th) ?? new Map();
    byThread.set(th, m);
    const s = m.get(e.name) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += e.dur / 1000;
    m.set(e.name, s);
  }
  console.log(`  wall ${wall} ms`);
  for (const [th, m] of byThread) {
    const top = [...m.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
    console.log(`  ${th}:`);
    for (const [name, s] of top)
      console.log(`    ${name.padEnd(40)} ${s.ms.toFixed(1).padStart(8)} ms  ×${s.n}`);
  }
}

function hottest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFn = new Map<string, number>();
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0;
    if (!t) continue;
    const f = n.callFrame;
    const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t / 1000);
  }
  console.log("  hottest JS (self ms):");
  for (const [k, v] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
}

async function main() {
  const which = process.argv[2] ?? "drag";
  const scene = await openScene();
  const { page, ids } = scene;
  try {
    const cdp = await page.context().newCDPSession(page);
    if (which === "undo") {
      await dragSelection(page, ids, 60);
      await page.waitForTimeout(500);
    }
    const run =
      which === "zoom"
        ? () => wheelZoom(page, 30)
        : which === "undo"
          ? async () => {
              for (const type of ["history.undo", "history.redo"]) {
                await page.evaluate((t) => window.inklessEditor?.send({ type: t }), type);
                await page.waitForTimeout(500);
              }
            }
          : () => dragSelection(page, ids, 60);
    const r = await traced(page, cdp, run);
    console.log(which);
    summarise(r.events, r.wall);
    hottest(r.profile);
  } finally {
    await scene.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
