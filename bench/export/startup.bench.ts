// Whole-process command-line figures (issue 41), timed as a user times them: from start to exit,
// start-up included, beside their peers from the same run.
//   1. `label info` (the built CLI) beside `node -e 0` (Node's own start) and the development path
//      (tsx compiling the sources); goal ≤ 0.3 s.
//   2. N labels of a 100 × 50 mm label (two texts and a Code 128 bound to a CSV, one label a page)
//      into one PDF, Inkless beside gLabels' `glabels-3-batch` on the same CSV; goals: 100 labels
//      ≤ 1 s, ahead of gLabels at every size. gLabels is installed from Debian when missing (root
//      with apt-get); when it cannot be, the bench says so and prints Inkless alone. gLabels runs a
//      job over 1,000 records in chunks of 1,000 (one process each, times summed): unchunked it
//      needs gigabytes at 10,000.
// Wall time is the median of the runs; CPU time (user + system, from /usr/bin/time where present)
// is printed too: on a shared machine it is the steadier figure.
//   node --import tsx bench/export/startup.bench.ts [sizes, default 100,1000,10000] [runs, default 5]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const sizes = (process.argv[2] ?? "100,1000,10000").split(",").map(Number);
const runs = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(tmpdir(), "inkless-startup-bench-"));
const TIME = "/usr/bin/time";
const GLABELS_CHUNK = 1000;

interface Timing {
  wall: number;
  cpu: number | null;
}

/** Runs a command to its exit; wall seconds, and CPU seconds when /usr/bin/time can say. */
function timed(cmd: string, args: string[]): Timing {
  const withTime = existsSync(TIME);
  const t0 = performance.now();
  const r = withTime
    ? spawnSync(TIME, ["-f", "@@%U %S", cmd, ...args], { encoding: "utf8", maxBuffer: 1 << 26 })
    : spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
  const m = /@@([\d.]+) ([\d.]+)/.exec(r.stderr ?? "");
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function repeat(n: number, f: () => Timing): Timing {
  const all = Array.from({ length: n }, f);
  const cpus = all.map((t) => t.cpu).filter((c): c is number => c !== null);
  return { wall: median(all.map((t) => t.wall)), cpu: cpus.length ? median(cpus) : null };
}

const fmt = (t: Timing) => `${t.wall.toFixed(2)} s${t.cpu === null ? "" : ` (CPU ${t.cpu.toFixed(2)} s)`}`;

function csv(records: number, from = 1): string {
  const rows = ["name,sku"];
  for (let i = from; i < from + records; i++) rows.push(`Product ${i},INK-${String(i).padStart(6, "0")}`);
  return `${rows.join("\n")}\n`;
}

/** The bench label in Inkless's format: the texts and the barcode read columns 0 and 1 of the sheet. */
function inklessLabel(): string {
  const bound = (col: number) =>
    `<DataSourceList><DataSource Type="1" ConnectionStr="data.csv" SheetIndex="0,${col}" PrintFirstLine="yes"/></DataSourceList>`;
  return `<LabelFile><FileInfo><Name>Bench 100x50</Name><Width>100</Width><Height>50</Height></FileInfo><ObjectList>
  <DrawObject><ID>BenchTx1</ID><Type>Text</Type><Data>name</Data><StartX>5</StartX><StartY>4</StartY><Width>90</Width><Height>8</Height><FontSize>14</FontSize>${bound(0)}</DrawObject>
  <DrawObject><ID>BenchTx2</ID><Type>Text</Type><Data>sku</Data><StartX>5</StartX><StartY>16</StartY><Width>90</Width><Height>8</Height><FontSize>12</FontSize>${bound(1)}</DrawObject>
  <DrawObject><ID>BenchBc1</ID><Type>Barcode</Type><BarCodeType>1</BarCodeType><Data>sku</Data><StartX>5</StartX><StartY>28</StartY><Width>60</Width><Height>18</Height>${bound(1)}</DrawObject>
</ObjectList></LabelFile>`;
}

/** The same label for gLabels 3 (its XML document format, merge from a CSV with a header line). */
function glabelsLabel(csvPath: string): string {
  const id = 'a0="1" a1="0" a2="0" a3="1" a4="0" a5="0"';
  const span = (size: number, field: string) =>
    `<Span font_family="Sans" font_size="${size}" font_weight="Regular" font_italic="False" color="0x000000ff" line_spacing="1"><Field name="${field}"/></Span>`;
  return `<?xml version="1.0"?>
<Glabels-document xmlns="http://glabels.org/xmlns/3.0/">
  <Template brand="Inkless" part="bench-100x50" size="Other" width="100mm" height="50mm" description="bench">
    <Meta category="label"/>
    <Label-rectangle id="0" width="100mm" height="50mm" round="0mm" x_waste="0mm" y_waste="0mm">
      <Markup-margin size="0mm"/>
      <Layout nx="1" ny="1" x0="0mm" y0="0mm" dx="100mm" dy="50mm"/>
    </Label-rectangle>
  </Template>
  <Objects id="0" rotate="False">
    <Object-text x="5mm" y="4mm" w="90mm" h="8mm" justify="Left" valign="Top" auto_shrink="False" ${id}>${span(14, "name")}</Object-text>
    <Object-text x="5mm" y="16mm" w="90mm" h="8mm" justify="Left" valign="Top" auto_shrink="False" ${id}>${span(12, "sku")}</Object-text>
    <Object-barcode x="5mm" y="28mm" w="60mm" h="18mm" backend="gnu-barcode" style="Code128" text="True" checksum="True" color="0x000000ff" field="sku" ${id}/>
  </Objects>
  <Merge type="Text/Comma/Line1Keys" src="${csvPath}"/>
</Glabels-document>
`;
}

/** glabels-3-batch, installed from Debian when missing; null (with the reason) when it cannot be. */
function glabels(): { bin: string } | { missing: string } {
  const bin = "/usr/bin/glabels-3-batch";
  if (existsSync(bin)) return { bin };
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get"))
    return {
      missing: "not installed, and this is not root on a Debian-like system (apt-get install glabels)",
    };
  console.log("installing gLabels from Debian (apt-get install -y glabels)…");
  const r = spawnSync("apt-get", ["install", "-y", "glabels"], { encoding: "utf8" });
  if (r.status !== 0 || !existsSync(bin))
    return { missing: `apt-get install glabels failed: ${(r.stderr || r.stdout).trim().split("\n").pop()}` };
  return { bin };
}

try {
  const fixture = join(dir, "info.tprt");
  writeFileSync(fixture, inklessLabel());
  // build once before timing, as `npm run build` leaves it
  spawnSync(process.execPath, ["scripts/build-node.mjs"], { stdio: "inherit" });

  console.log(`label info (median of ${runs} whole processes):`);
  const node0 = repeat(runs, () => timed(process.execPath, ["-e", "0"]));
  const direct = repeat(runs, () =>
    timed(process.execPath, ["scripts/run-built.mjs", "label", "info", fixture]),
  );
  const viaNpm = repeat(runs, () => timed("npm", ["run", "--silent", "label", "--", "info", fixture]));
  const tsx = repeat(Math.min(runs, 3), () =>
    timed(process.execPath, ["--import", "tsx", "src/cli/main.ts", "info", fixture]),
  );
  console.log(`  node scripts/run-built.mjs label info   ${fmt(direct)}   [goal ≤ 0.3 s]`);
  console.log(`  npm run label -- info (npm's own start)  ${fmt(viaNpm)}`);
  console.log(`  peer: node -e 0                          ${fmt(node0)}`);
  console.log(`  before: tsx src/cli/main.ts info         ${fmt(tsx)}`);

  const gl = glabels();
  if ("missing" in gl) console.log(`gLabels: cannot run here (${gl.missing}); Inkless alone`);
  for (const n of sizes) {
    const data = join(dir, "data.csv");
    writeFileSync(data, csv(n));
    const label = join(dir, "bench.tprt");
    writeFileSync(label, inklessLabel());
    const out = join(dir, "out.label.pdf");
    const reps = n <= 1000 ? 3 : 1;
    const ink = repeat(reps, () =>
      timed("npm", [
        "run",
        "--silent",
        "label",
        "--",
        "render",
        label,
        "--data",
        data,
        "--out",
        out,
        "--quiet",
      ]),
    );
    const inkSize = statSync(out).size;
    let peer = "";
    if ("bin" in gl) {
      const once = (): Timing => {
        let wall = 0;
        let cpu: number | null = 0;
        for (let from = 1; from <= n; from += GLABELS_CHUNK) {
          const part = join(dir, `part-${from}.csv`);
          writeFileSync(part, csv(Math.min(GLABELS_CHUNK, n - from + 1), from));
          const doc = join(dir, `bench-${from}.glabels`);
          writeFileSync(doc, glabelsLabel(part));
          const t = timed(gl.bin, ["-o", join(dir, `gl-${from}.pdf`), doc]);
          wall += t.wall;
          cpu = cpu === null || t.cpu === null ? null : cpu + t.cpu;
        }
        return { wall, cpu };
      };
      const g = repeat(reps, once);
      const chunks = Math.ceil(n / GLABELS_CHUNK);
      peer = `   gLabels ${fmt(g)}${chunks > 1 ? ` in ${chunks} chunks` : ""}   → Inkless ${(g.wall / ink.wall).toFixed(1)}× faster (wall)`;
    }
    const goal = n === 100 ? "  [goal ≤ 1 s]" : "";
    console.log(
      `${n} labels → PDF (median of ${reps}): Inkless ${fmt(ink)}, ${(inkSize / 1024).toFixed(0)} KB${goal}${peer}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// the machine is shared: the load average says how far wall times are from a quiet machine
console.log(
  `load average: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
