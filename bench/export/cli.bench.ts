// Large runs of the command line (issues 13 and 41), the real command as a user runs it (the built
// CLI, `npm run label`, no TypeScript compiled at start), each a child process whose peak resident
// memory (VmHWM) is read from /proc while it runs:
//   - 100,000 records of the bench label into one PDF, each figure beside its goal (issue 41: ≤ 40 s,
//     ≤ 300 MB peak, ≤ 60 MB file; MB = 10^6 bytes), then the file is checked: qpdf --check,
//     one font subset per face (pdffonts), the first, middle and last records' text (pdftotext)
//     and codes (pdftoppm + zxing) are their own;
//   - 10,000 records into a zip of 300 dpi PNGs (time and memory printed).
// CPU time (the child's user + system, sampled with the memory) is printed too: on a shared machine
// it is the steadier figure. The 1,000-record PDF against pdfme (the peer) is export.bench.ts.
//   node --import tsx bench/export/cli.bench.ts [pdfRecords] [zipRecords]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serializeTprts } from "../../src/model/file";
import { decode } from "../../src/server/picture/zxing";
import { benchLabel } from "../../tests/export/support/labels";
import { measureNode } from "./child";

const pdfRecords = Number(process.argv[2] ?? 100_000);
const zipRecords = Number(process.argv[3] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), "inkless-cli-bench-"));
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
/** issue 41's goals for 100,000 labels into one PDF */
const GOAL = { seconds: 40, peak: 300e6, size: 60e6 };
const beside = (ok: boolean, goal: string) => `(goal ${goal}: ${ok ? "met" : "MISSED"})`;

/** A tool's output, or null where it is not installed. */
function tool(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.error) return null;
  return `${r.stdout}${r.stderr}`;
}

const value = (prefix: string, record: number) => `${prefix}-${String(record).padStart(6, "0")}`;

/** The checks of issue 41 on the big PDF; one line each, and false when one fails. */
async function checkPdf(path: string, records: number): Promise<boolean> {
  let ok = true;
  const say = (good: boolean, what: string) => {
    ok &&= good;
    console.log(`  ${good ? "ok  " : "FAIL"} ${what}`);
  };
  const qpdf = tool("qpdf", ["--check", path]);
  if (qpdf === null)
    console.log("  --   qpdf is not installed (apt-get install qpdf): structure not checked");
  else
    say(
      /No syntax or stream encoding errors/.test(qpdf),
      "qpdf --check: no syntax or stream encoding errors",
    );
  // pdffonts' table: the name column runs up to where the header's "type" starts
  const [header = "", , ...rows] = (tool("pdffonts", [path]) ?? "").split("\n");
  const faces = rows.filter(Boolean).map((l) =>
    l
      .slice(0, header.indexOf("type"))
      .trim()
      .replace(/^[A-Z]{6}\+/, ""),
  );
  say(
    faces.length > 0 && new Set(faces).size === faces.length,
    `pdffonts: ${faces.length} font(s), one subset per face (${faces.join(", ")})`,
  );
  const pages = [1, Math.ceil(records / 2), records];
  for (const n of pages) {
    const text = tool("pdftotext", ["-f", String(n), "-l", String(n), path, "-"]) ?? "";
    say(text.includes(value("INK", n)), `pdftotext page ${n}: ${value("INK", n)}`);
    const png = join(dir, `page-${n}`);
    tool("pdftoppm", ["-png", "-r", "150", "-f", String(n), "-l", String(n), "-singlefile", path, png]);
    const img = new Uint8Array(readFileSync(`${png}.png`));
    const [bar] = await decode(img, { formats: ["Code128"] });
    const [qr] = await decode(img, { formats: ["QRCode"] });
    say(
      bar?.text === value("INK", n) && qr?.text === value("QR", n),
      `codes on page ${n}: Code 128 ${bar?.text ?? "unread"}, QR ${qr?.text ?? "unread"}`,
    );
  }
  return ok;
}

async function run(records: number, out: string, check?: (path: string) => Promise<boolean>) {
  const file = join(dir, `bench-${records}.tprts`);
  writeFileSync(file, serializeTprts(benchLabel(records)));
  const target = join(dir, out);
  const { seconds, cpu, peak } = await measureNode([
    join("dist", "node", "label.js"),
    "render",
    file,
    "--out",
    target,
    "--quiet",
  ]);
  const size = statSync(target).size;
  const checked = check ? await check(target) : true;
  rmSync(target);
  return { seconds, cpu, peak, size, checked };
}

let failed = false;
try {
  // the built CLI (rebuilt only when its sources changed), as `npm run label` runs it
  spawnSync(process.execPath, ["scripts/build-node.mjs"], { stdio: "inherit" });
  const pdf = await run(pdfRecords, "big.pdf", (path) => {
    console.log(`label render → PDF (${pdfRecords} records), the file:`);
    return checkPdf(path, pdfRecords);
  });
  // the goals are for 100,000 labels: another count prints its figures alone
  const at = (ok: boolean, goal: string) => (pdfRecords === 100_000 ? ` ${beside(ok, goal)}` : "");
  console.log(
    [
      `label render → PDF: ${pdfRecords} records (${Math.round(pdfRecords / pdf.seconds)} labels/s)${pdfRecords === 100_000 ? "" : "; the goals are for 100,000"}`,
      `  time ${pdf.seconds.toFixed(1)} s${at(pdf.seconds <= GOAL.seconds, "≤ 40 s")}; CPU ${pdf.cpu.toFixed(1)} s`,
      `  peak RSS ${mb(pdf.peak)}${at(pdf.peak <= GOAL.peak, "≤ 300 MB")}`,
      `  file ${mb(pdf.size)}${at(pdf.size <= GOAL.size, "≤ 60 MB")}`,
      `  output checks: ${pdf.checked ? "all passed" : "FAILED"}`,
    ].join("\n"),
  );
  failed ||= !pdf.checked;
  // 0 skips the zip
  const zip = zipRecords > 0 ? await run(zipRecords, "big.zip") : null;
  if (zip)
    console.log(
      `label render → ZIP of 300 dpi PNGs: ${zipRecords} records in ${zip.seconds.toFixed(1)} s (${Math.round(zipRecords / zip.seconds)} labels/s; CPU ${zip.cpu.toFixed(1)} s), peak RSS ${mb(zip.peak)}, file ${mb(zip.size)}`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
// the machine is shared: the load average says how far wall times are from a quiet machine
console.log(
  `load average: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
