// A recorded session log (logFile.ts) played again: read and checked from a file, replayed into the
// running actors of a fresh editor with the first state that differs from the recording, and turned
// into a vitest file that replays one machine's events with createActor ("make a test").
import { type AnyStateMachine, createActor, fromCallback, SimulatedClock } from "xstate";
import { LogFileError } from "./fileError";
import { stateText } from "./graph";
import { LOG_FILE_VERSION, type LogFile, type LogFileEvent } from "./logFile";

const MAX_EVENTS = 10_000;

/** Reads a log file's text; throws LogFileError for anything but an inspector log. */
export function parseLogFile(text: string): LogFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new LogFileError("editor.inspector.logNotJson");
  }
  const f = v as Partial<LogFile> | null;
  if (!f || typeof f !== "object" || f.app !== "inkless-inspector" || !Array.isArray(f.events))
    throw new LogFileError("editor.inspector.logNotInspector");
  if (typeof f.version !== "number" || f.version > LOG_FILE_VERSION)
    throw new LogFileError("editor.inspector.logNewer");
  if (f.events.length > MAX_EVENTS) throw new LogFileError("editor.inspector.logTooLong");
  for (const e of f.events as unknown[]) {
    const ev = e as Partial<LogFileEvent> | null;
    const event = ev?.event as { type?: unknown } | null | undefined;
    if (
      !ev ||
      typeof ev.to !== "string" ||
      typeof ev.from !== "string" ||
      typeof event?.type !== "string" ||
      !ev.states ||
      typeof ev.states !== "object"
    )
      throw new LogFileError("editor.inspector.logBroken");
  }
  return f as LogFile;
}

/** Where a replay first left the recording. */
export interface Difference {
  /** the recorded event's number */
  readonly n: number;
  readonly type: string;
  readonly actor: string;
  /** the recorded state (as text) */
  readonly recorded: string;
  /** the replay's state (as text); null when that actor is not running */
  readonly replayed: string | null;
}

/** The running actors a live replay talks to (the inspector's sink). */
export interface ReplayTarget {
  ref(key: string): { send(e: unknown): void } | undefined;
  /** an actor's state value now; undefined when it is not running */
  state(key: string): unknown;
}

/** The first of `actors` whose state now is not the recorded one. */
function differs(target: ReplayTarget, states: Readonly<Record<string, unknown>>, actors: Iterable<string>) {
  for (const actor of actors) {
    const recorded = states[actor];
    const now = target.state(actor);
    if (now === undefined || stateText(now) !== stateText(recorded)) return { actor, recorded, now };
  }
  return null;
}

/** Is the event the last of its synchronous run (its recorded states are reached after it)? */
function endsBurst(events: readonly LogFileEvent[], i: number): boolean {
  const b = events[i].burst;
  return b === undefined || events[i + 1]?.burst !== b;
}

/** The start event: an actor is started, never sent it. */
const isInit = (e: LogFileEvent) => (e.event as { type: string }).type === "xstate.init";

/**
 * Sends the events the recording got from outside the machines (the interface's) to the running
 * actors of this editor, in order. After each run of events that holds one of them, the actors it
 * was sent to and those the run changed in the recording must be in their recorded states (waited
 * for up to `settleMs`); at the end, every recorded actor. The machines' own events, answers and
 * timers happen again by themselves, and the editor's start-up happened when it opened: they are
 * not compared on their own, their timing being the machine's. Answers the first difference, or
 * null when the replay followed the recording to its end.
 */
export async function replayLive(
  file: LogFile,
  target: ReplayTarget,
  opts: { settleMs?: number; onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<Difference | null> {
  const settle = opts.settleMs ?? 3000;
  const check = async (ev: LogFileEvent, actors: readonly string[]): Promise<Difference | null> => {
    const begin = Date.now();
    let d = differs(target, ev.states, actors);
    while (d && Date.now() - begin < settle) {
      await new Promise((r) => setTimeout(r, 20));
      d = differs(target, ev.states, actors);
    }
    if (!d) return null;
    return {
      n: ev.n,
      type: (ev.event as { type: string }).type,
      actor: d.actor,
      recorded: stateText(d.recorded),
      replayed: d.now === undefined ? null : stateText(d.now),
    };
  };
  let before: Readonly<Record<string, unknown>> = {};
  const sentTo = new Set<string>();
  for (const [i, ev] of file.events.entries()) {
    if (opts.signal?.aborted) return null;
    if (ev.from === "(outside)" && !isInit(ev)) {
      const ref = target.ref(ev.to);
      if (!ref)
        return {
          n: ev.n,
          type: (ev.event as { type: string }).type,
          actor: ev.to,
          recorded: stateText(ev.states[ev.to]),
          replayed: null,
        };
      ref.send(ev.event);
      sentTo.add(ev.to);
    }
    if (!endsBurst(file.events, i)) continue;
    if (sentTo.size) {
      const changed = Object.keys(ev.states).filter((k) => stateText(ev.states[k]) !== stateText(before[k]));
      const d = await check(
        ev,
        [...new Set([...sentTo, ...changed])].filter((k) => k in ev.states),
      );
      if (d) return d;
      sentTo.clear();
    }
    before = ev.states;
    opts.onProgress?.(i + 1);
  }
  const last = file.events.at(-1);
  return last ? check(last, Object.keys(last.states)) : null;
}

/** An invoked actor that sends nothing and never finishes: in a replay its answers come from the log. */
const NEVER_ANSWERS = fromCallback(() => {
  const nothingToStop = () => undefined;
  return nothingToStop;
});

/**
 * An actor of `machine` for a replay: its invoked and spawned actors are stubs that never answer
 * (their answers are among the recorded events) and its clock is simulated (recorded timer events
 * are sent like the others), so nothing runs but the machine itself.
 */
export function replayActor(machine: AnyStateMachine, input?: unknown) {
  const named = Object.keys((machine.implementations as { actors?: object }).actors ?? {});
  const logic = machine.provide({
    actors: Object.fromEntries(named.map((k) => [k, NEVER_ANSWERS])),
  } as never);
  return createActor(logic, { input: withoutActors(input), clock: new SimulatedClock() } as never).start();
}

/**
 * A recorded input with its actor references (logged by name as "<actor key>", see sink.ts) left out:
 * in a replay the machine runs alone, so a parent or sibling it was handed is not there.
 */
function withoutActors(v: unknown): unknown {
  if (typeof v === "string") return v.startsWith("<actor ") ? undefined : v;
  if (Array.isArray(v)) return v.map(withoutActors);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutActors(x)]));
  return v;
}

/**
 * The events one actor received in a recording, each with its state after it (null inside a
 * synchronous run, whose states are known only at its end): what the machine was sent from outside
 * and by other actors, and its own timers; not its start, nor what it raised itself (replaying the
 * machine raises those again).
 */
export function actorSteps(file: LogFile, key: string): [unknown, unknown][] {
  const mine = file.events.filter(
    (e) =>
      e.to === key &&
      key in e.states &&
      !isInit(e) &&
      (e.from !== key || (e.event as { type: string }).type.startsWith("xstate.after.")),
  );
  return mine.map((e, i) => [
    e.event,
    e.burst !== undefined && mine[i + 1]?.burst === e.burst ? null : e.states[key],
  ]);
}

const ident = (s: string) => /^[A-Za-z_$][\w$]*$/.test(s);

/**
 * A vitest file (for machines/) that replays the events `key` received on its machine and asserts
 * the recorded state after each. Throws LogFileError when the log does not say which machine it is.
 */
export function makeTest(file: LogFile, key: string): string {
  const machine = file.actors?.[key]?.machine;
  if (!machine || !ident(machine)) throw new LogFileError("editor.inspector.testNoMachine");
  const steps = actorSteps(file, key);
  if (!steps.length) throw new LogFileError("editor.inspector.testNoEvents");
  const input = file.actors?.[key]?.input;
  const name = `${machine}Machine`;
  const json = (v: unknown) => JSON.stringify(v);
  return [
    `// Made by the Inkless inspector from a session recorded on ${file.exportedAt}: the ${steps.length} events`,
    `// "${key}" received, replayed on ${name} with its invoked actors stubbed (their answers are among`,
    "// the events) and a simulated clock (its timer events too), asserting the state after each one.",
    input === undefined
      ? "// (It started without input.)"
      : "// The input is as recorded; functions in it were recorded by name only, and the actors it named are left out (replayActor).",
    'import { expect, it } from "vitest";',
    'import { replayActor } from "../src/editor/inspector/replay";',
    `import { ${name} } from "./${machine}.machine";`,
    "",
    `const steps: [unknown, unknown][] = ${json(steps)};`,
    "",
    `it(${json(`replays ${key} as recorded (${steps.length} events)`)}, () => {`,
    `  const actor = replayActor(${name}, ${input === undefined ? "undefined" : json(input)});`,
    "  for (const [step, [event, state]] of steps.entries()) {",
    "    actor.send(event as never);",
    "    // (null: inside a run of events handled together, whose state is known at its end)",
    "    if (state !== null) expect({ step, state: actor.getSnapshot().value }).toEqual({ step, state });",
    "  }",
    "  actor.stop();",
    "});",
    "",
  ].join("\n");
}
