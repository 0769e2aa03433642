// `npm run coverage:machines`: the test suite's coverage of every machine in machines/. Compares the
// states and transitions the last `npm test` visited (.tmp/machine-coverage.json) with each machine's
// full set from xstate/graph, prints a percentage per machine and lists what no test reached.
//
//   node --import tsx scripts/machine-coverage.ts [--merge <parts folder>] [--file <visits file>]
//        [--summary] [--machine <id>]
//
// --merge: first unites a run's parts (src/editor/inspector/suiteRun.ts) into the file (npm test does
// this); --summary: the table only; --machine: one machine. Exits 1 when there is no file to read.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  type CoverageReport,
  compareCoverage,
  machineUniverse,
  transitionText,
} from "../src/editor/inspector/coverage";
import { readVisitsParts } from "../src/editor/inspector/suiteRun";
import type { Visits } from "../src/editor/inspector/visits";
import { parseVisitsFile, visitsFile } from "../src/editor/inspector/visitsFile";

export const VISITS_FILE = ".tmp/machine-coverage.json";

/** Every machine exported by machines/*.machine.ts, by its root id. */
export async function projectMachines(folder = "machines"): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const n of readdirSync(folder)
    .filter((f) => f.endsWith(".machine.ts"))
    .sort()) {
    const mod = (await import(pathToFileURL(resolve(folder, n)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      const u = machineUniverse(v);
      if (u && !out.has(u.machine)) out.set(u.machine, v);
    }
  }
  return out;
}

/** One report per machine, in the order given. */
export function reportsOf(machines: ReadonlyMap<string, unknown>, visits: Visits): CoverageReport[] {
  return [...machines].flatMap(([id, m]) => {
    const u = machineUniverse(m);
    return u ? [compareCoverage(u, visits.get(id))] : [];
  });
}

const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - s.length));

/** The printed report: a table (machine, percent, states, transitions), then what was not reached. */
export function formatReports(reports: readonly CoverageReport[], summary: boolean): string {
  const w = Math.max(7, ...reports.map((r) => r.machine.length));
  const lines = [
    `${pad("machine", w)}  covered  states   transitions`,
    ...reports.map(
      (r) =>
        `${pad(r.machine, w)}  ${pad(`${r.percent}%`, 7)}  ${pad(`${r.states.reached}/${r.states.total}`, 7)}  ${r.transitions.reached}/${r.transitions.total}`,
    ),
  ];
  if (summary) return lines.join("\n");
  for (const r of reports) {
    if (!r.unreachedStates.length && !r.unreachedTransitions.length) continue;
    lines.push("", `${r.machine}: not reached by any test`);
    for (const s of r.unreachedStates) lines.push(`  state       ${s.path}`);
    for (const t of r.unreachedTransitions) lines.push(`  transition  ${transitionText(t)}`);
  }
  return lines.join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      merge: { type: "string" },
      file: { type: "string", default: VISITS_FILE },
      summary: { type: "boolean", default: false },
      machine: { type: "string" },
    },
  });
  const file = values.file as string;
  if (values.merge) writeFileSync(file, JSON.stringify(visitsFile(readVisitsParts(values.merge)), null, 1));
  let visits: Visits;
  try {
    visits = parseVisitsFile(readFileSync(file, "utf8")).visits;
  } catch (err) {
    console.error(
      `machine coverage: cannot read ${file} (${err instanceof Error ? err.message : String(err)}); run npm test first`,
    );
    process.exit(1);
  }
  const machines = await projectMachines();
  const picked = values.machine ? new Map([...machines].filter(([id]) => id === values.machine)) : machines;
  console.log(formatReports(reportsOf(picked, visits), values.summary === true));
  if (!values.summary) console.log(`\n(from ${join(file)})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
