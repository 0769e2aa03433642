// A long job through the print assistant (real WebSocket) to a fake TSPL printer on 127.0.0.1
// (issue 41): the 100 × 80 mm bench label with a QR code and a Code 128 at 203 dpi. Prints, for the
// raster pool (a worker per core, the default) and beside it the same job drawn on one thread
// (INKLESS_RASTER_WORKERS=0): the time until the first label's bytes arrive, labels/s end to end,
// CPU per label, and peak heap/RSS sampled during the job (it must stay flat). A one-label job runs
// first, as the assistant has usually printed before (fonts loaded); its time is printed too.
// Run: node --expose-gc --import tsx bench/print/print.bench.ts [records]
import { availableParallelism, loadavg } from "node:os";
import { serializeTprt } from "../../src/model/file/index";
import { benchLabel } from "../../tests/export/support/labels";
import { benchAssistant } from "../../tests/print/support/benchAssistant";
import { connect } from "../../tests/print/support/client";

const RECORDS = Number(process.argv[2]) || 1000;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;

const { assistant, printer } = await benchAssistant("Bench");
const client = await connect(assistant.port);
const marker = Buffer.from("BITMAP ");

async function job(records: number) {
  let labels = 0;
  let first = 0;
  let peakRss = 0;
  let peakHeap = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  printer.onData = (chunk) => {
    for (let i = chunk.indexOf(marker); i >= 0; i = chunk.indexOf(marker, i + marker.length))
      if (++labels === 1) first = performance.now() - t0;
  };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const done = printer.nextJob();
  const reply = await client.request({
    cmd: "outputPrintting",
    printer: "Bench",
    xml: serializeTprt(benchLabel(records)),
    copies: 1,
  });
  await done;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  if (reply.code !== 200 || labels !== records) throw new Error(`job failed: ${JSON.stringify(reply)}`);
  return { labels, first, seconds, cpuMs: (cpu.user + cpu.system) / 1000 / labels, peakRss, peakHeap };
}

const warm = await job(1);
console.log(
  `print bench: 100 × 80 mm, QR + Code 128, 203 dpi, TSPL over TCP; first job (1 label, fonts loading) ${warm.seconds.toFixed(2)} s`,
);
const runs: [string, string | undefined][] = [
  ["one thread (peer)", "0"],
  [`raster pool of ${availableParallelism()}`, undefined],
];
for (const [name, workers] of runs) {
  if (workers === undefined) delete process.env.INKLESS_RASTER_WORKERS;
  else process.env.INKLESS_RASTER_WORKERS = workers;
  const r = await job(RECORDS);
  console.log(
    `  ${name.padEnd(20)} ${RECORDS} labels in ${r.seconds.toFixed(1)} s = ${Math.round(RECORDS / r.seconds)} labels/s (target ≥ 100), first label after ${r.first.toFixed(0)} ms (target ≤ 55), CPU ${r.cpuMs.toFixed(1)} ms/label (all threads), peak heap ${mb(r.peakHeap)} / RSS ${mb(r.peakRss)}`,
  );
}
console.log(
  `  load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (wall figures share it)`,
);
client.close();
await assistant.close();
await printer.close();
process.exit(0);
