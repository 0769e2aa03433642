// The inspector's time travel: every machine's snapshot right after each logged event, the
// transitions each event took, and the exported log with its snapshot hashes.

import { beforeEach, describe, expect, it } from "vitest";
import { assign, createActor, sendTo, setup } from "xstate";
import { machineChart } from "../../../src/editor/inspector/graph";
import { buildLogFile } from "../../../src/editor/inspector/logFile";
import { inspectorSink } from "../../../src/editor/inspector/sink";

const child = setup({}).createMachine({
  id: "lamp",
  initial: "off",
  states: { off: { on: { toggle: "on" } }, on: { on: { toggle: "off" } } },
});
const parent = setup({ actors: { child } }).createMachine({
  id: "room",
  context: { count: 0 },
  initial: "dark",
  invoke: { src: "child", id: "lamp", systemId: "lamp" },
  states: {
    dark: {
      on: {
        flip: {
          target: "lit",
          actions: [
            assign({ count: ({ context }) => context.count + 1 }),
            sendTo("lamp", { type: "toggle" }),
          ],
        },
      },
    },
    lit: { on: { flip: { target: "dark", actions: sendTo("lamp", { type: "toggle" }) } } },
  },
});

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

beforeEach(() => inspectorSink.clear());

describe("inspector moments", () => {
  it("shows every machine as it was right after an event, children included, and the transitions it took", async () => {
    const actor = createActor(parent, { systemId: "room", inspect: (e) => inspectorSink.inspect(e) }).start();
    await tick();
    inspectorSink.clear();
    actor.send({ type: "flip" });
    await tick();
    actor.send({ type: "flip" });
    await tick();
    const flips = inspectorSink.log().filter((r) => r.type === "flip");
    expect(flips).toHaveLength(2);
    const first = inspectorSink.moment(flips[0]);
    // the lamp's toggle (sent by the room while handling flip) is part of the first flip's moment
    expect(first.actors.get("room")?.value).toBe("lit");
    expect(first.actors.get("lamp")?.value).toBe("on");
    expect(first.actors.get("room")?.context).toMatchObject({ count: 1 });
    expect(first.transitions.get("room")).toEqual(["room.dark:flip:0"]);
    expect(first.transitions.get("lamp")).toEqual(["lamp.off:toggle:0"]);
    const second = inspectorSink.moment(flips[1]);
    expect(second.actors.get("room")?.value).toBe("dark");
    expect(second.actors.get("lamp")?.value).toBe("off");
    // the ids match the diagram's
    const ids = new Set(machineChart(parent)?.transitions.map((t) => t.id));
    expect(ids.has("room.dark:flip:0")).toBe(true);
    // the live view is the latest
    expect(inspectorSink.live().actors.get("room")?.value).toBe("dark");
    actor.stop();
  });

  it("exports the log with payloads and a hash per actor that changes with its snapshot", async () => {
    const actor = createActor(parent, { systemId: "room", inspect: (e) => inspectorSink.inspect(e) }).start();
    await tick();
    inspectorSink.clear();
    actor.send({ type: "flip" });
    await tick();
    actor.send({ type: "flip" });
    await tick();
    const file = buildLogFile(
      inspectorSink.log(),
      (r) => inspectorSink.moment(r),
      (k) => ({ logic: inspectorSink.logic(k), input: inspectorSink.input(k) }),
      new Date(0),
    );
    expect(file.app).toBe("inkless-inspector");
    const flips = file.events.filter((e) => (e.event as { type: string }).type === "flip");
    expect(flips.map((e) => e.states.room)).toEqual(["lit", "dark"]);
    expect(flips[0].hashes.room).toMatch(/^[0-9a-f]{8}$/);
    expect(flips[0].hashes.room).not.toBe(flips[1].hashes.room);
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
    actor.stop();
  });
});
