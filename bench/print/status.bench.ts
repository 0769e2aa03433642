// Live printer status (issue 37): the time from a state change at the printer (the fake TSPL or ZPL
// printer on 127.0.0.1 running out of paper, then loaded again) to the app knowing it. Measured on the
// app's own path minus the React render: a WebSocket client asks the real print assistant
// `printerStatus` exactly as the print dialog and the My printer page do (usePrinterStatus: ask,
// then ask again STATUS_POLL_MS after each answer); the assistant asks the printer over its raw
// port (TSPL `<ESC>!?`, ZPL `~HQES` with `~HS`). Each change is made at a different point of the 1 s poll cycle, so the figures
// cover the whole range: best case one status round trip, worst case a poll interval plus one.
// Run: node --import tsx bench/print/status.bench.ts [changes] [TSPL|ZPL]
import { availableParallelism, loadavg } from "node:os";
import { STATUS_POLL_MS } from "../../src/editor/print/usePrinterStatus";
import { benchAssistant } from "../../tests/print/support/benchAssistant";
import { connect } from "../../tests/print/support/client";

const CHANGES = Number(process.argv[2]) || 20;
// the printer's language (ZPL: the assistant asks ~HQES and ~HS at once)
const LANGUAGE = process.argv[3] === "ZPL" ? "ZPL" : "TSPL";
const TARGET_MS = 1000;

const { assistant, printer } = await benchAssistant("Bench", LANGUAGE);
const client = await connect(assistant.port);
const ask = async () => {
  const r = await client.request({ cmd: "printerStatus", name: "Bench" });
  const s = r.data as { state?: string; problems?: string[] } | undefined;
  if (!s?.state) throw new Error(`no status: ${JSON.stringify(r)}`);
  return `${s.state}:${(s.problems ?? []).join(",")}`;
};

// one status round trip (app → assistant → printer → back), for reference
const rtt: number[] = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  await ask();
  rtt.push(performance.now() - t0);
}

// the app's loop: the time each new state was first seen
let seen = await ask();
let onSeen = null as ((state: string, at: number) => void) | null;
let stop = false;
const loop = (async () => {
  while (!stop) {
    const s = await ask();
    const at = performance.now();
    if (s !== seen) {
      seen = s;
      onSeen?.(s, at);
    }
    await new Promise((r) => setTimeout(r, STATUS_POLL_MS));
  }
})();

const lags: number[] = [];
for (let k = 0; k < CHANGES; k++) {
  // a different point of the poll cycle each time (spread over 0–1000 ms), after the last change settled
  await new Promise((r) => setTimeout(r, 1200 + ((k * 379) % 1000)));
  const want = printer.state.paperOut ? "ready:" : "problem:paperOut";
  const shown = new Promise<number>((resolve) => {
    onSeen = (s, at) => {
      if (s === want) resolve(at);
    };
  });
  const t0 = performance.now();
  printer.state.paperOut = !printer.state.paperOut;
  lags.push((await shown) - t0);
}
stop = true;
await loop;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(0)} ms`;
const within = lags.filter((l) => l <= TARGET_MS).length;
console.log(
  `status bench: ${LANGUAGE} fake printer → print assistant (real WebSocket) → the app's status loop (every ${STATUS_POLL_MS} ms, as usePrinterStatus; React's render not included)`,
);
console.log(`  one status round trip: median ${ms(pct(rtt, 50))}, max ${ms(Math.max(...rtt))}`);
console.log(
  `  ${CHANGES} changes (paper out ↔ ready): median ${ms(pct(lags, 50))}, p95 ${ms(pct(lags, 95))}, max ${ms(Math.max(...lags))}; within a second (target): ${within} of ${CHANGES}`,
);
console.log(
  `  load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (wall figures share it)`,
);
client.close();
await assistant.close();
await printer.close();
process.exit(0);
