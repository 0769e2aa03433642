// Large runs of the command line (issue 13), the real command as a user types it, each a child
// process whose peak resident memory (VmHWM) is read from /proc while it runs:
//   - 100,000 records of the bench label into one PDF (targets: ≤ 60 s, ≤ 300 MB, ≤ 60 MB file);
//   - 10,000 records into a zip of 300 dpi PNGs (time and memory printed).
// CPU time (the child's user + system, sampled with the memory) is printed too: on a shared machine
// it is the steadier figure. The 1,000-record PDF against pdfme is export.bench.ts.
//   node --import tsx bench/export/cli.bench.ts [pdfRecords] [zipRecords]
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serializeTprts } from "../../src/model/file";
import { benchLabel } from "../../tests/export/support/labels";
import { measureNode } from "./child";

const pdfRecords = Number(process.argv[2] ?? 100_000);
const zipRecords = Number(process.argv[3] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), "inkless-cli-bench-"));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function run(records: number, out: string) {
  const file = join(dir, `bench-${records}.tprts`);
  writeFileSync(file, serializeTprts(benchLabel(records)));
  const target = join(dir, out);
  const { seconds, cpu, peak } = await measureNode([
    "--import",
    "tsx",
    "src/cli/main.ts",
    "render",
    file,
    "--out",
    target,
    "--quiet",
  ]);
  const size = statSync(target).size;
  rmSync(target);
  return { seconds, cpu, peak, size };
}

try {
  const pdf = await run(pdfRecords, "big.pdf");
  console.log(
    `label render → PDF: ${pdfRecords} records in ${pdf.seconds.toFixed(1)} s (${Math.round(pdfRecords / pdf.seconds)} labels/s; CPU ${pdf.cpu.toFixed(1)} s), peak RSS ${mb(pdf.peak)}, file ${mb(pdf.size)}  [targets for 100,000: ≤ 60 s, ≤ 300 MB, ≤ 60 MB]`,
  );
  // 0 skips the zip
  const zip = zipRecords > 0 ? await run(zipRecords, "big.zip") : null;
  if (zip)
    console.log(
      `label render → ZIP of 300 dpi PNGs: ${zipRecords} records in ${zip.seconds.toFixed(1)} s (${Math.round(zipRecords / zip.seconds)} labels/s; CPU ${zip.cpu.toFixed(1)} s), peak RSS ${mb(zip.peak)}, file ${mb(zip.size)}`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// the machine is shared: the load average says how far wall times are from a quiet machine
console.log(
  `load average: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
