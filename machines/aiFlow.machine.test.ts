import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  type AiFlowEmitted,
  aiFlowMachine,
  type Generated,
  type GenerateInput,
  type Located,
  type PickedFile,
  ShownError,
  type Trials,
  uploadProblem,
} from "./aiFlow.machine";

const file = (name: string, over: Partial<PickedFile> = {}): PickedFile => ({
  name,
  size: 1000,
  head: [0x89, 0x50, 0x4e],
  file: null,
  ...over,
});

function start(
  opts: {
    trials?: Trials[];
    generate?: (i: GenerateInput) => Promise<Generated>;
    box?: number[];
    mm?: [number, number];
  } = {},
) {
  const trials = [...(opts.trials ?? [{ left: 3, total: 3 }])];
  const generated: GenerateInput[] = [];
  const machine = aiFlowMachine.provide({
    actors: {
      trials: fromPromise(async () => trials.shift() ?? { left: 3, total: 3 }),
      upload: fromPromise(async () => ({
        url: "/files/u/iconicLiteracy/p.png",
        preview: "blob:x",
        width: 1000,
        height: 800,
      })),
      locate: fromPromise(
        async (): Promise<Located> => ({ box: opts.box ?? [100, 50, 800, 400], mm: opts.mm }),
      ),
      generate: fromPromise(async ({ input }: { input: GenerateInput }) => {
        generated.push(input);
        const made = async (i: GenerateInput) => ({
          fileUrl: "/files/u/tprt/ai/x.tprt",
          width: i.width,
          height: i.height || 45,
        });
        return (opts.generate ?? made)(input);
      }),
    },
  });
  const actor = createActor(machine);
  const out: AiFlowEmitted[] = [];
  actor.on("*", (e) => void out.push(e as AiFlowEmitted));
  actor.start();
  return { actor, out, generated };
}

describe("AI upload rules (application §5)", () => {
  it("takes pdf, jpg, jpeg, png by extension in any case; refuses others, the 135 125 28 signature and big files", () => {
    for (const n of ["a.pdf", "b.JPG", "c.Jpeg", "d.PNG"]) expect(uploadProblem(file(n))).toBeNull();
    for (const n of ["a.gif", "b.webp", "png", "c.png.exe", "d"])
      expect(uploadProblem(file(n))).toBe("format");
    expect(uploadProblem(file("x.png", { head: [135, 125, 28, 9] }))).toBe("readFailed");
    expect(uploadProblem(file("x.png", { size: 0 }))).toBe("readFailed");
    expect(uploadProblem(file("x.png", { size: 11 * 1024 * 1024 }))).toBe("tooLarge");
  });
});

describe("aiFlow machine", () => {
  it("holds a file chosen while the day's trials are still being read, and takes it when they arrive", async () => {
    let answer: (t: Trials) => void = () => undefined;
    const machine = aiFlowMachine.provide({
      actors: {
        trials: fromPromise(
          () =>
            new Promise<Trials>((r) => {
              answer = r;
            }),
        ),
        upload: fromPromise(async () => ({ url: "/files/u/p.png", preview: "blob:x", width: 10, height: 8 })),
        locate: fromPromise(async (): Promise<Located> => ({ box: [0, 0, 10, 8] })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: "open" });
    actor.send({ type: "file", file: file("label.pdf") });
    expect(actor.getSnapshot().value).toBe("checking");
    answer({ left: 2, total: 3 });
    await waitFor(actor, (s) => s.matches("cropping"));
    expect(actor.getSnapshot().context.picked?.name).toBe("label.pdf");
    // and when the day's trials are spent, the held file gets the used-up message, not an upload
    const spent = aiFlowMachine.provide({
      actors: {
        trials: fromPromise(
          () =>
            new Promise<Trials>((r) => {
              answer = r;
            }),
        ),
      },
    });
    const second = createActor(spent);
    const said: AiFlowEmitted[] = [];
    second.on("*", (e) => void said.push(e as AiFlowEmitted));
    second.start();
    second.send({ type: "open" });
    second.send({ type: "file", file: file("label.png") });
    answer({ left: 0, total: 3 });
    await waitFor(second, (s) => s.matches("open"));
    expect(said).toEqual([expect.objectContaining({ type: "message", level: "warning" })]);
    expect(second.getSnapshot().matches("open")).toBe(true);
  });
  it("closed → open → uploading → cropping (from the server's box) → generating → done → reset", async () => {
    const { actor, out, generated } = start();
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "open" });
    await waitFor(actor, (s) => s.matches("open"));
    expect(actor.getSnapshot().context.trials).toEqual({ left: 3, total: 3 });
    actor.send({ type: "file", file: file("label.png") });
    expect(actor.getSnapshot().matches("uploading")).toBe(true);
    await waitFor(actor, (s) => s.matches("cropping"));
    const c = actor.getSnapshot().context;
    expect(c.corners).toEqual([
      [100, 50],
      [900, 50],
      [900, 450],
      [100, 450],
    ]);
    // 100 mm wide; the height (0) is left to the server until typed
    expect([c.width, c.height]).toEqual([100, 0]);
    actor.send({ type: "size", width: 60 });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    // nothing moved: the server straightens from its own corners
    expect(generated).toEqual([
      { url: "/files/u/iconicLiteracy/p.png", width: 60, height: 0, corners: null, language: "" },
    ]);
    // the editor opens at the size the server gave the label
    expect(out).toContainEqual({ type: "done", fileUrl: "/files/u/tprt/ai/x.tprt", width: 60, height: 45 });
    // reset: nothing of this picture is left
    expect(actor.getSnapshot().context).toMatchObject({ picture: null, corners: null, trials: null });
  });

  it("the label size the server estimated from a code is prefilled, and typing still wins", async () => {
    const { actor, generated } = start({ mm: [58, 39] });
    actor.send({ type: "open" });
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "file", file: file("label.jpg") });
    await waitFor(actor, (s) => s.matches("cropping"));
    expect([actor.getSnapshot().context.width, actor.getSnapshot().context.height]).toEqual([58, 39]);
    actor.send({ type: "size", height: 40 });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(generated[0]).toMatchObject({ width: 58, height: 40 });
    // the next picture starts from the defaults again
    actor.send({ type: "open" });
    expect(actor.getSnapshot().context).toMatchObject({ width: 100, height: 0 });
  });

  it("the language chosen for the label's text is sent with the picture", async () => {
    const { actor, generated } = start();
    actor.send({ type: "open" });
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "file", file: file("x.png") });
    await waitFor(actor, (s) => s.matches("cropping"));
    actor.send({ type: "language", language: "ell" });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(generated[0].language).toBe("ell");
  });

  it("moved corners are sent, clamped to the picture", async () => {
    const { actor, generated } = start();
    actor.send({ type: "open" });
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "file", file: file("x.jpg") });
    await waitFor(actor, (s) => s.matches("cropping"));
    actor.send({ type: "corner", index: 0, point: [-20, 60] });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(generated[0].corners?.[0]).toEqual([0, 60]);
  });

  it("refuses a wrong file with the spec's messages and stays open", async () => {
    const { actor, out } = start();
    actor.send({ type: "open" });
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "file", file: file("x.gif") });
    actor.send({ type: "file", file: file("x.png", { head: [135, 125, 28] }) });
    expect(out.map((e) => e.type === "message" && e.key)).toEqual(["ai.error.format", "ai.error.readFailed"]);
    expect(actor.getSnapshot().value).toBe("open");
  });

  it("used-up trials: no upload on open, and none at confirm when another tab used the last", async () => {
    const a = start({ trials: [{ left: 0, total: 3 }] });
    a.actor.send({ type: "open" });
    await waitFor(a.actor, (s) => s.matches("open"));
    a.actor.send({ type: "file", file: file("x.png") });
    expect(a.actor.getSnapshot().value).toBe("open");
    expect(a.out).toContainEqual({ type: "message", key: "ai.error.usedUp", level: "warning" });

    const b = start({
      trials: [
        { left: 1, total: 3 },
        { left: 0, total: 3 },
      ],
    });
    b.actor.send({ type: "open" });
    await waitFor(b.actor, (s) => s.matches("open"));
    b.actor.send({ type: "file", file: file("x.png") });
    await waitFor(b.actor, (s) => s.matches("cropping"));
    b.actor.send({ type: "confirm" });
    await waitFor(b.actor, (s) => s.matches("cropping") && s.context.trials?.left === 0);
    expect(b.generated).toEqual([]);
    expect(b.out).toContainEqual({ type: "message", key: "ai.error.usedUp", level: "warning" });
  });

  it("a failed generation goes back to the crop view; a message the client showed is not repeated", async () => {
    const shown = start({ generate: async () => Promise.reject(new ShownError("server said")) });
    shown.actor.send({ type: "open" });
    await waitFor(shown.actor, (s) => s.matches("open"));
    shown.actor.send({ type: "file", file: file("x.png") });
    await waitFor(shown.actor, (s) => s.matches("cropping"));
    shown.actor.send({ type: "confirm" });
    await waitFor(shown.actor, (s) => s.matches("cropping") && shown.generated.length === 1);
    expect(shown.out.filter((e) => e.type === "message")).toEqual([]);

    const other = start({ generate: async () => Promise.reject(new Error("network")) });
    other.actor.send({ type: "open" });
    await waitFor(other.actor, (s) => s.matches("open"));
    other.actor.send({ type: "file", file: file("x.png") });
    await waitFor(other.actor, (s) => s.matches("cropping"));
    other.actor.send({ type: "confirm" });
    await waitFor(other.actor, () => other.out.some((e) => e.type === "message"));
    expect(other.out).toContainEqual({ type: "message", key: "ai.error.failed", level: "error" });
    expect(other.actor.getSnapshot().value).toBe("cropping");
  });
});
