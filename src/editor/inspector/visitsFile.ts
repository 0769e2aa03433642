// The test suite's machine visits as a file: `npm test` records them (visits.ts) and writes one per
// run (.tmp/machine-coverage.json); the coverage report reads it, and so does the inspector.
import { LogFileError } from "./fileError";
import type { Visits } from "./visits";

export const VISITS_FILE_APP = "inkless-machine-coverage";
export const VISITS_FILE_VERSION = 1;

/** The test suite's visits as JSON: `npm test` writes one per run (.tmp/machine-coverage.json). */
export interface VisitsFile {
  readonly app: typeof VISITS_FILE_APP;
  readonly version: number;
  readonly createdAt: string;
  readonly machines: Record<string, { readonly states: string[]; readonly transitions: string[] }>;
}

export function visitsFile(visits: Visits, createdAt = new Date().toISOString()): VisitsFile {
  const machines: Record<string, { states: string[]; transitions: string[] }> = {};
  for (const [key, v] of [...visits].sort(([a], [b]) => a.localeCompare(b)))
    machines[key] = { states: [...v.states].sort(), transitions: [...v.transitions].sort() };
  return { app: VISITS_FILE_APP, version: VISITS_FILE_VERSION, createdAt, machines };
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** Reads a visits file's text; throws LogFileError (a locale key) for anything else. */
export function parseVisitsFile(text: string): { readonly createdAt: string; readonly visits: Visits } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new LogFileError("editor.inspector.logNotJson");
  }
  const f = v as Partial<VisitsFile> | null;
  if (!f || typeof f !== "object" || f.app !== VISITS_FILE_APP)
    throw new LogFileError("editor.inspector.coverageNotFile");
  if (typeof f.version !== "number" || f.version > VISITS_FILE_VERSION)
    throw new LogFileError("editor.inspector.coverageNewer");
  if (!f.machines || typeof f.machines !== "object" || typeof f.createdAt !== "string")
    throw new LogFileError("editor.inspector.coverageBroken");
  const visits: Visits = new Map();
  for (const [key, m] of Object.entries(f.machines)) {
    if (!m || !strings(m.states) || !strings(m.transitions))
      throw new LogFileError("editor.inspector.coverageBroken");
    visits.set(key, { states: new Set(m.states), transitions: new Set(m.transitions) });
  }
  return { createdAt: f.createdAt, visits };
}
