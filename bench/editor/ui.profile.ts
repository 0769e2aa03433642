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
    profile: CpuProfile;
  };
  await cdp.send("Tracing.end");
  await done;
  void page;
  return { events, profile, wall };
}

/** Main-thread (and raster) time by trace event, inclusive and self (without nested events). */
function summarise(events: TraceEvent[], wall: number) {
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || !e.dur) continue;
    const th = threads.get(`${e.pid}:${e.tid}`) ?? "?";
    if (!/CrRendererMain|ThreadPoolForegroundWorker|Compositor$/.test(th)) continue;
    const list = byThread.get(th) ?? [];
    byThread.set(th, list);
    list.push(e);
  }
  console.log(`  wall ${wall} ms`);
  for (const [th, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stats = new Map<string, { n: number; ms: number; self: number }>();
    const stack: { e: TraceEvent; end: number; child: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].end <= until) {
        const top = stack.pop();
        if (!top) break;
        const st = stats.get(top.e.name) ?? { n: 0, ms: 0, self: 0 };
        st.n++;
        st.ms += (top.e.dur ?? 0) / 1000;
        st.self += ((top.e.dur ?? 0) - top.child) / 1000;
        stats.set(top.e.name, st);
        if (stack.length) stack[stack.length - 1].child += top.e.dur ?? 0;
      }
    };
    for (const e of list) {
      close(e.ts);
      stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const top = [...stats.entries()].sort((a, b) => b[1].self - a[1].self).slice(0, 16);
    console.log(`  ${th}: (self / inclusive)`);
    for (const [name, st] of top)
      console.log(
        `    ${name.slice(0, 48).padEnd(48)} ${st.self.toFixed(1).padStart(8)} ${st.ms.toFixed(1).padStart(8)} ms  ×${st.n}`,
      );
  }
}

interface CpuProfile {
  nodes: (ProfileNode & { children?: number[] })[];
  samples: number[];
  timeDeltas: number[];
}

function hottest(profile: CpuProfile) {
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
  const byFn = new Map<string, number>();
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0;
    if (t) byFn.set(label(n), (byFn.get(label(n)) ?? 0) + t / 1000);
  }
  console.log("  hottest JS (self ms):");
  for (const [k, v] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  // inclusive: each function counted once per sample that has it on the stack
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const incl = new Map<string, number>();
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n?.callFrame.url) continue;
      const name = n.callFrame.functionName || "(anon)";
      if (seen.has(name)) continue;
      seen.add(name);
      incl.set(name, (incl.get(name) ?? 0) + t / 1000);
    }
  }
  console.log("  inclusive JS (ms):");
  for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  console.log("  React components (inclusive render ms):");
  for (const [k, v] of [...incl.entries()]
    .filter(([k]) => /^[A-Z][A-Za-z]+$/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
}

async function main() {
  const which = process.argv[2] ?? "drag";
  const scene = await openScene();
  const { page, ids } = scene;
  try {
    const cdp = await page.context().newCDPSession(page);
    // PROFILE_CSS: extra style rules, to compare layer set-ups without rebuilding
    if (process.env.PROFILE_CSS) await page.addStyleTag({ content: process.env.PROFILE_CSS });
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
