// The test suite's side of machine coverage (Node only): `npm test` sets INKLESS_MACHINE_COVERAGE to a
// folder; each test file (unit: every createActor, tests/machineCoverage.setup.ts; e2e: every page,
// e2e/support/machineCoverage.ts) writes the visits it recorded there as one part, and the report
// (scripts/machine-coverage.ts) merges the parts into the run's file. Without the variable nothing
// is recorded.
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { createActor, InspectionEvent } from "xstate";
import { mergeVisits, type Visits } from "./visits";
import { parseVisitsFile, visitsFile } from "./visitsFile";

export const MACHINE_COVERAGE_ENV = "INKLESS_MACHINE_COVERAGE";

/** The folder this run writes its parts to; undefined when the run does not record. */
export function partsFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[MACHINE_COVERAGE_ENV] || undefined;
}

/** Writes one test file's visits as a part (`<what>-<uuid>.json`); nothing when there are none. */
export function writeVisitsPart(folder: string, what: string, visits: Visits): string | null {
  if (visits.size === 0) return null;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${what}-${randomUUID()}.json`);
  writeFileSync(path, JSON.stringify(visitsFile(visits)));
  return path;
}

/** The union of every part in the folder (a part that cannot be read is named and skipped). */
export function readVisitsParts(folder: string, warn: (msg: string) => void = console.warn): Visits {
  const all: Visits = new Map();
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith(".json"));
  } catch {
    return all;
  }
  for (const n of names.sort()) {
    try {
      mergeVisits(all, parseVisitsFile(readFileSync(join(folder, n), "utf8")).visits);
    } catch (err) {
      warn(`machine coverage: skipped ${n} (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  return all;
}

type CreateActor = typeof createActor;
type InspectOption = ((ev: InspectionEvent) => void) | { next?: (ev: InspectionEvent) => void };

/**
 * createActor that also hands every inspection event of the actor's system (its children
 * included) to `record`; the actor's own `inspect` (a function or an observer) still gets them.
 */
export function recordingCreateActor(
  create: CreateActor,
  record: (ev: InspectionEvent) => void,
): CreateActor {
  return ((logic: Parameters<CreateActor>[0], ...rest: unknown[]) => {
    const options = (rest[0] ?? {}) as { inspect?: InspectOption };
    const own = options.inspect;
    const inspect = (ev: InspectionEvent) => {
      record(ev);
      if (typeof own === "function") own(ev);
      else own?.next?.(ev);
    };
    return (create as (l: unknown, o: unknown) => unknown)(logic, { ...options, inspect });
  }) as CreateActor;
}
