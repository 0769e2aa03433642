// Hand-over from a recorded session: a log file read back (bad files refused with a message key), a
// live replay that follows the recording or says where it first left it, and "make a test": the
// events one machine received, replayed on its machine with stubbed actors and a simulated clock.
import { beforeEach, describe, expect, it } from "vitest";
import { type AnyActorRef, createActor, fromPromise, sendTo, setup } from "xstate";
import {
  type DriverList,
  type PreviewOutput,
  type PrintDevice,
  printDialogMachine,
} from "../../../machines/printDialog.machine";
import { LogFileError } from "../../../src/editor/inspector/fileError";
import { buildLogFile, type LogFile } from "../../../src/editor/inspector/logFile";
import {
  actorSteps,
  makeTest,
  parseLogFile,
  replayActor,
  replayLive,
} from "../../../src/editor/inspector/replay";
import { inspectorSink } from "../../../src/editor/inspector/sink";

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

/** A room that switches its lamp; `broken`: a lamp that never lights. */
function room(broken = false) {
  const lamp = setup({}).createMachine({
    id: "lamp",
    initial: "off",
    states: { off: { on: { toggle: broken ? undefined : "on" } }, on: { on: { toggle: "off" } } },
  });
  return setup({ actors: { lamp } }).createMachine({
    id: "room",
    initial: "dark",
    invoke: { src: "lamp", id: "lamp", systemId: "lamp" },
    states: {
      dark: {
        on: {
          flip: { target: "lit", actions: sendTo("lamp", { type: "toggle" }) },
        },
      },
      lit: {
        on: {
          flip: { target: "dark", actions: sendTo("lamp", { type: "toggle" }) },
        },
      },
    },
  });
}

const logOfSink = (): LogFile =>
  buildLogFile(
    inspectorSink.log(),
    (r) => inspectorSink.moment(r),
    (k) => ({ logic: inspectorSink.logic(k), input: inspectorSink.input(k) }),
  );

beforeEach(() => inspectorSink.clear());

describe("log files", () => {
  it("are refused with a message for anything but an inspector log", () => {
    const key = (text: string) => {
      try {
        parseLogFile(text);
        return "read";
      } catch (e) {
        return e instanceof LogFileError ? e.key : "crash";
      }
    };
    expect(key("{")).toBe("editor.inspector.logNotJson");
    expect(key("null")).toBe("editor.inspector.logNotInspector");
    expect(key('{"app":"other","events":[]}')).toBe("editor.inspector.logNotInspector");
    expect(key('{"app":"inkless-inspector","version":99,"events":[]}')).toBe("editor.inspector.logNewer");
    expect(key('{"app":"inkless-inspector","version":2,"events":[{"to":"a"}]}')).toBe(
      "editor.inspector.logBroken",
    );
    expect(
      key(
        '{"app":"inkless-inspector","version":1,"events":[{"n":1,"from":"(outside)","to":"a","event":{"type":"x"},"states":{}}]}',
      ),
    ).toBe("read");
  });
});

describe("live replay", () => {
  async function record() {
    const actor = createActor(room(), { systemId: "room", inspect: (e) => inspectorSink.inspect(e) }).start();
    await tick();
    inspectorSink.clear();
    for (let i = 0; i < 3; i++) {
      actor.send({ type: "flip" });
      await tick();
    }
    actor.stop();
    return parseLogFile(JSON.stringify(logOfSink()));
  }
  const target = (a: AnyActorRef) => ({
    ref: (k: string) => (k === "room" ? a : a.system.get(k)),
    state: (k: string) => (k === "room" ? a : a.system.get(k))?.getSnapshot().value,
  });

  it("follows the recording in a fresh actor to its end", async () => {
    const file = await record();
    expect(file.events.filter((e) => e.from === "(outside)")).toHaveLength(3);
    const fresh = createActor(room(), { systemId: "room" }).start();
    expect(await replayLive(file, target(fresh), { settleMs: 200 })).toBeNull();
    expect(fresh.getSnapshot().value).toBe("lit");
  });

  it("says where a changed machine first leaves it", async () => {
    const file = await record();
    const fresh = createActor(room(true), { systemId: "room" }).start();
    const d = await replayLive(file, target(fresh), { settleMs: 100 });
    // the flip and the toggle it sent are one run: the states are compared at its end, the toggle
    expect(d).toMatchObject({ type: "toggle", actor: "lamp", recorded: "on", replayed: "off" });
  });
});

describe("make a test", () => {
  it("replays the events a machine received, with its recorded states, on the machine alone", async () => {
    // the print dialog as the app runs it: real answers from its invoked actors
    const machine = printDialogMachine.provide({
      actors: {
        loadDrivers: fromPromise(
          async (): Promise<DriverList> => ({ devices: [], preferred: "", assistant: "ok" }),
        ),
        loadCloud: fromPromise(async (): Promise<readonly PrintDevice[]> => []),
        renderPreview: fromPromise(async (): Promise<PreviewOutput> => "page"),
        submit: fromPromise(async (): Promise<"sent" | "browserDialog"> => "sent"),
      },
    });
    const actor = createActor(machine, { systemId: "printDialog", inspect: (e) => inspectorSink.inspect(e) });
    actor.start();
    actor.send({ type: "show", total: 3, hasBackground: false, widthMm: 60, heightMm: 40 });
    await new Promise((r) => setTimeout(r, 20));
    actor.send({ type: "page.next" });
    await new Promise((r) => setTimeout(r, 20));
    const file = logOfSink();
    actor.stop();

    const steps = actorSteps(file, "printDialog");
    // the show, the preview's answer (from its invoked actor), the page step and its answer
    expect(steps.map(([e]) => (e as { type: string }).type)).toContain("show");
    expect(steps.some(([e]) => (e as { type: string }).type.startsWith("xstate.done.actor"))).toBe(true);
    // what the generated file does: the machine alone, its actors stubbed, the events sent in order
    const replay = replayActor(printDialogMachine);
    for (const [event, state] of steps) {
      replay.send(event as never);
      if (state !== null) expect(replay.getSnapshot().value).toEqual(state);
    }
    expect(steps.at(-1)?.[1]).toEqual({ open: "ready" });
    replay.stop();

    const source = makeTest(file, "printDialog");
    expect(source).toContain('import { printDialogMachine } from "./printDialog.machine";');
    expect(source).toContain('import { replayActor } from "../src/editor/inspector/replay";');
    expect(() => makeTest(file, "nobody")).toThrow(LogFileError);
  });

  it("a made test's input names actors it cannot have: they are left out, not handed over as strings", () => {
    const child = setup({ types: { input: {} as { parent?: AnyActorRef; n: number } } }).createMachine({
      context: ({ input }) => ({ told: typeof input.parent, n: input.n }),
    });
    const replay = replayActor(child, { parent: "<actor editor>", n: 2 });
    expect(replay.getSnapshot().context).toEqual({ told: "undefined", n: 2 });
    replay.stop();
  });
});
