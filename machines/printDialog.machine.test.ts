import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { PRINT_PREVIEW_DELAY_MS } from "../src/model/constants";
import {
  type DriverList,
  listedCloud,
  type PreviewOutput,
  type PrintDevice,
  type PrintDialogEmitted,
  type PrintOutcome,
  type PrintRequest,
  printDialogMachine,
} from "./printDialog.machine";

const NO_DRIVERS: DriverList = { devices: [], preferred: "", assistant: "ok" as const };

function start(
  opts: {
    submit?: (r: PrintRequest) => Promise<PrintOutcome | undefined>;
    pages?: number[];
    /** the answers each preview was drawn with */
    previews?: ReadonlyMap<string, string>[];
    /** what loading the driver printers answers (a rejection: the assistant link failed) */
    drivers?: () => Promise<DriverList>;
    cloud?: () => Promise<readonly PrintDevice[]>;
  } = {},
) {
  const rendered = opts.pages ?? [];
  const previews = opts.previews ?? [];
  const devicesShown: (string | null)[] = [];
  const machine = printDialogMachine.provide({
    actors: {
      loadDrivers: fromPromise(opts.drivers ?? (async () => NO_DRIVERS)),
      loadCloud: fromPromise(opts.cloud ?? (async () => [])),
      renderPreview: fromPromise(
        async ({
          input,
        }: {
          input: { page: number; answers: ReadonlyMap<string, string>; device: PrintDevice | null };
        }): Promise<PreviewOutput> => {
          rendered.push(input.page);
          previews.push(input.answers);
          devicesShown.push(input.device?.id ?? null);
          const svg = `page-${input.page}`;
          return input.device?.language
            ? { svg, mode: input.device.own?.sendAs === "picture" ? "picture" : "native" }
            : svg;
        },
      ),
      submit: fromPromise(
        async ({ input }: { input: PrintRequest }): Promise<PrintOutcome> =>
          (await (opts.submit ?? (async () => undefined))(input)) ?? "sent",
      ),
    },
  });
  const actor = createActor(machine);
  const out: PrintDialogEmitted[] = [];
  actor.on("message", (e) => void out.push(e));
  actor.on("close", (e) => void out.push(e));
  actor.start();
  const ready = () => waitFor(actor, (s) => s.matches({ open: "ready" }));
  const loaded = () => waitFor(actor, (s) => s.context.drivers.length > 0);
  return { actor, out, rendered, devicesShown, ready, loaded, ctx: () => actor.getSnapshot().context };
}

const show = { type: "show" as const, total: 5, hasBackground: false, widthMm: 60, heightMm: 40 };
const drivers = [
  { id: "Shelf", name: "Shelf" },
  { id: "Dock", name: "Dock" },
];
const listed = (preferred: string) => async () => ({ devices: drivers, preferred, assistant: "ok" as const });

describe("print dialog machine", () => {
  it("is closed, then open after show with the preview loading, then ready", async () => {
    const { actor, ready, ctx } = start();
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send(show);
    expect(actor.getSnapshot().matches({ open: "previewLoading" })).toBe(true);
    await ready();
    expect(ctx().preview).toBe("page-1");
  });

  it("a label printer's preview is drawn for it, with how it gets the page; another printer's is not drawn again", async () => {
    const labelPrinters = [
      { id: "Office", name: "Office" },
      { id: "Zebra", name: "Zebra", language: "ZPL" as const, dpi: 203, own: {} },
      { id: "Shelf", name: "Shelf", language: "TSPL" as const, own: { sendAs: "picture" as const } },
    ];
    const { actor, ready, ctx, devicesShown } = start({
      drivers: async () => ({ devices: labelPrinters, preferred: "Zebra", assistant: "ok" as const }),
    });
    actor.send(show);
    await waitFor(actor, (s) => s.matches({ open: "ready" }) && s.context.previewMode !== null);
    expect(ctx().previewMode).toBe("native");
    expect(devicesShown.at(-1)).toBe("Zebra");
    actor.send({ type: "device.set", id: "Shelf" });
    await ready();
    expect([ctx().previewMode, devicesShown.at(-1)]).toEqual(["picture", "Shelf"]);
    actor.send({ type: "device.set", id: "Office" });
    await ready();
    expect([ctx().previewMode, devicesShown.at(-1)]).toEqual([null, "Office"]);
    const drawn = devicesShown.length;
    actor.send({ type: "device.set", id: "Office" });
    expect(devicesShown).toHaveLength(drawn);
  });

  it("clamps page navigation between 1 and the total", async () => {
    const { actor, ready, ctx } = start();
    actor.send(show);
    await ready();
    actor.send({ type: "page.prev" });
    await ready();
    expect(ctx().page).toBe(1);
    actor.send({ type: "page.last" });
    await ready();
    expect(ctx().page).toBe(5);
    actor.send({ type: "page.next" });
    await ready();
    expect(ctx().page).toBe(5);
    actor.send({ type: "total.set", total: 0 });
    await ready();
    expect([ctx().page, ctx().total]).toEqual([1, 1]);
  });

  it("waits 300 ms before the preview of a label with a side over 400 mm", async () => {
    vi.useFakeTimers();
    try {
      const { actor, rendered } = start();
      actor.send({ ...show, heightMm: 401 });
      await vi.advanceTimersByTimeAsync(PRINT_PREVIEW_DELAY_MS - 1);
      expect(rendered).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(rendered).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("darkness and speed for one job go with the request; choosing another printer clears them", async () => {
    const sent: PrintRequest[] = [];
    const { actor, ready, loaded, ctx } = start({
      drivers: listed("Shelf"),
      submit: async (r) => {
        sent.push(r);
        return "sent";
      },
    });
    actor.send(show);
    await loaded();
    await ready();
    actor.send({ type: "jobSettings.set", settings: { darkness: 9 } });
    expect(ctx().jobSettings).toEqual({ darkness: 9 });
    actor.send({ type: "device.set", id: "Dock" });
    expect(ctx().jobSettings).toEqual({});
    actor.send({ type: "jobSettings.set", settings: { darkness: 4, speed: 3 } });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent[0]).toMatchObject({ device: { id: "Dock" }, jobSettings: { darkness: 4, speed: 3 } });
  });

  it("forces print background on with a background and off without", async () => {
    const a = start();
    a.actor.send({ ...show, hasBackground: true });
    expect(a.ctx().printBackground).toBe(true);
    const b = start();
    b.actor.send(show);
    expect(b.ctx().printBackground).toBe(false);
  });

  it("starts with the user's print settings: copies, and the background off if they say so", async () => {
    const { actor, ctx } = start();
    actor.send({ ...show, hasBackground: true, copies: 3, printBackground: false });
    expect(ctx().copies).toBe("3");
    expect(ctx().printBackground).toBe(false);
    actor.send({ type: "close" });
    actor.send({ ...show, hasBackground: true });
    expect(ctx().copies).toBe("1");
    expect(ctx().printBackground).toBe(true);
    actor.send({ type: "close" });
    // without a background it is off whatever the settings
    actor.send({ ...show, copies: 0, printBackground: true });
    expect(ctx().copies).toBe("1");
    expect(ctx().printBackground).toBe(false);
  });

  it("copies: digits only while typing, empty on blur → 1", async () => {
    const { actor, ctx } = start();
    actor.send(show);
    actor.send({ type: "copies.input", value: "1a2" });
    expect(ctx().copies).toBe("12");
    actor.send({ type: "copies.input", value: "" });
    actor.send({ type: "copies.blur" });
    expect(ctx().copies).toBe("1");
    actor.send({ type: "copies.input", value: "0" });
    actor.send({ type: "copies.blur" });
    expect(ctx().copies).toBe("1");
  });

  it("driver printing without a printer gives tip84 and stays open", async () => {
    const submit = vi.fn(async () => undefined);
    const { actor, out, ready } = start({ submit });
    actor.send(show);
    await ready();
    actor.send({ type: "confirm" });
    expect(out).toEqual([{ type: "message", key: "tip.tip84", level: "error" }]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(submit).not.toHaveBeenCalled();
  });

  it("prints with the chosen printer and copies; success closes and resets type, device and page", async () => {
    const submit = vi.fn(async (_: PrintRequest) => undefined);
    const { actor, out, ready, loaded, ctx } = start({ submit, drivers: listed("Shelf") });
    actor.send(show);
    await loaded();
    expect(ctx().device?.id).toBe("Shelf");
    actor.send({ type: "device.set", id: "Dock" });
    actor.send({ type: "copies.input", value: "3" });
    actor.send({ type: "page.last" });
    await ready();
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(submit).toHaveBeenCalledWith({
      printType: 1,
      device: drivers[1],
      copies: 3,
      printBackground: false,
      jobSettings: {},
      answers: new Map(),
    });
    expect(out).toEqual([{ type: "message", key: "tip.tip91", level: "success" }, { type: "close" }]);
    expect([ctx().printType, ctx().device, ctx().page]).toEqual([1, null, 1]);
  });

  it("asks the label's prompts: answers start as defaults, redraw the preview, and a bad one stops Confirm", async () => {
    const previews: ReadonlyMap<string, string>[] = [];
    const submit = vi.fn(async (_: PrintRequest) => undefined);
    const { actor, out, ready, loaded, ctx } = start({ submit, previews, drivers: listed("Shelf") });
    const prompts = [
      { name: "Lot", text: "Lot?", type: "text" as const, required: true },
      { name: "Qty", text: "How many?", type: "integer" as const, default: "5" },
    ];
    actor.send({ ...show, prompts });
    await loaded();
    await ready();
    expect(ctx().answers).toEqual({ Lot: "", Qty: "5" });
    // the required lot is empty: Confirm goes back to ready with a message, nothing is sent
    actor.send({ type: "confirm" });
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(out).toEqual([{ type: "message", key: "print.prompts.invalid", level: "error" }]);
    expect(submit).not.toHaveBeenCalled();
    actor.send({ type: "answers.input", name: "Lot", value: "AB-17" });
    expect(actor.getSnapshot().matches({ open: "previewLoading" })).toBe(true);
    await ready();
    expect(previews.at(-1)).toEqual(
      new Map([
        ["Lot", "AB-17"],
        ["Qty", "5"],
      ]),
    );
    actor.send({ type: "answers.input", name: "Qty", value: "five" });
    await ready();
    actor.send({ type: "confirm" });
    expect(submit).not.toHaveBeenCalled();
    actor.send({ type: "answers.input", name: "Qty", value: "6" });
    await ready();
    actor.send({ type: "confirm" });
    // while the job is sent, typing changes nothing
    actor.send({ type: "answers.input", name: "Lot", value: "ZZ" });
    expect(actor.getSnapshot().matches({ open: "printing" })).toBe(true);
    await waitFor(actor, (s) => s.matches("closed"));
    expect(submit.mock.calls[0][0].answers).toEqual(
      new Map([
        ["Lot", "AB-17"],
        ["Qty", "6"],
      ]),
    );
    expect(ctx().answers).toEqual({});
  });

  it("a failed job keeps its error in the dialog (to say why: printFailureText) until the next try", async () => {
    const offline = new Error("offline");
    let fail = true;
    const { actor, out, ready, loaded, ctx } = start({
      submit: async () => (fail ? Promise.reject(offline) : "sent"),
      drivers: listed("Shelf"),
    });
    actor.send(show);
    await loaded();
    await ready();
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.context.failure !== null && s.matches({ open: "ready" }));
    expect(ctx().failure).toBe(offline);
    // it stays while the user changes things, with no toast that vanishes
    actor.send({ type: "copies.input", value: "2" });
    actor.send({ type: "page.next" });
    await ready();
    expect(ctx().failure).toBe(offline);
    expect(out).toEqual([]);
    fail = false;
    actor.send({ type: "confirm" });
    expect(ctx().failure).toBe(null);
    await waitFor(actor, (s) => s.matches("closed"));
  });

  it("Print background can be switched off and on with a background, never without one", async () => {
    const submit = vi.fn(async (_: PrintRequest) => undefined);
    const { actor, ready, loaded, ctx } = start({ submit, drivers: listed("Shelf") });
    actor.send({ ...show, hasBackground: true });
    await loaded();
    await ready();
    expect(ctx().printBackground).toBe(true);
    actor.send({ type: "background.set", on: false });
    expect(ctx().printBackground).toBe(false);
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(submit.mock.calls[0][0].printBackground).toBe(false);
    actor.send(show);
    await ready();
    actor.send({ type: "background.set", on: true });
    expect(ctx().printBackground).toBe(false);
  });

  it("a job handed to the browser's own print dialog says so, not that it printed", async () => {
    const { actor, out, ready, loaded } = start({
      submit: async () => "browserDialog",
      drivers: listed("Shelf"),
    });
    actor.send(show);
    await loaded();
    await ready();
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(out).toEqual([{ type: "message", key: "print.browser.sent", level: "info" }, { type: "close" }]);
  });

  it("the assistant's printers load when the dialog opens; a failed link leaves no driver selected", async () => {
    const found = start({
      drivers: async () => ({ devices: drivers, preferred: "Dock", assistant: "down" as const }),
    });
    expect(found.ctx().drivers).toEqual([]);
    found.actor.send(show);
    await found.loaded();
    expect([found.ctx().device?.id, found.ctx().assistant]).toEqual(["Dock", "down"]);
    const { actor, ctx } = start({ drivers: () => Promise.reject(new Error("closed")) });
    actor.send(show);
    await waitFor(actor, (s) => s.matches({ open: "ready" }));
    expect([ctx().drivers, ctx().device]).toEqual([[], null]);
  });

  it("reconnect loads the printers again: tip93 when a manual attempt finds no assistant, tip90 when it fails to list", async () => {
    const answers: DriverList[] = [
      { devices: [], preferred: "", assistant: "down" },
      { devices: [], preferred: "", assistant: "down" },
      { devices: [], preferred: "", assistant: "failed" },
      { devices: drivers, preferred: "Shelf", assistant: "ok" },
    ];
    let calls = 0;
    const { actor, out, ctx } = start({ drivers: async () => answers[calls++] as DriverList });
    actor.send(show);
    await waitFor(actor, () => calls === 1 && !ctx().reconnecting);
    await waitFor(actor, (s) => s.matches({ open: "ready" }));
    // the automatic first attempt says nothing (the dialog shows the download prompt instead)
    expect([ctx().assistant, out]).toEqual(["down", []]);
    actor.send({ type: "drivers.reload" });
    expect(ctx().reconnecting).toBe(true);
    await waitFor(actor, (s) => calls === 2 && !s.context.reconnecting);
    expect(out).toEqual([{ type: "message", key: "tip.tip93", level: "error" }]);
    actor.send({ type: "drivers.reload" });
    await waitFor(actor, (s) => calls === 3 && !s.context.reconnecting);
    expect(out.at(-1)).toEqual({ type: "message", key: "tip.tip90", level: "error" });
    actor.send({ type: "drivers.reload" });
    await waitFor(actor, (s) => calls === 4 && !s.context.reconnecting);
    expect([ctx().assistant, ctx().device?.id, out.length]).toEqual(["ok", "Shelf", 2]);
  });

  it("cloud printing lists devices with status 1 or type 2 and needs one", async () => {
    const cloud = [
      { id: "A", name: "A", status: 0, type: 1 },
      { id: "B", name: "B", status: 1, type: 1 },
      { id: "C", name: "C", status: 0, type: 2 },
    ];
    expect(listedCloud(cloud).map((d) => d.id)).toEqual(["B", "C"]);
    const submit = vi.fn(async (_: PrintRequest) => undefined);
    let answer = (_: readonly PrintDevice[]) => {};
    const later = new Promise<readonly PrintDevice[]>((r) => {
      answer = r;
    });
    const { actor, out, ready } = start({ submit, cloud: () => later });
    actor.send(show);
    actor.send({ type: "type.set", printType: 2 });
    await ready();
    actor.send({ type: "confirm" });
    expect(out[0]).toEqual({ type: "message", key: "print.cloud.none", level: "error" });
    // the devices arrive later (the machine waits for them while open)
    answer(cloud);
    await waitFor(actor, (s) => s.context.cloud.length === 3);
    actor.send({ type: "device.set", id: "A" });
    expect(actor.getSnapshot().context.device).toBeNull();
    actor.send({ type: "device.set", id: "C" });
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(submit.mock.calls[0][0]).toMatchObject({ printType: 2, device: { id: "C" } });
  });

  it("back from the Cloud tab, the driver printer chosen before is selected again (#23 item 15)", async () => {
    const submit = vi.fn(async (_: PrintRequest) => undefined);
    const { actor, out, ready, loaded, ctx } = start({
      submit,
      drivers: listed("Shelf"),
      cloud: async () => [{ id: "B", name: "B", status: 1, type: 1 }],
    });
    actor.send(show);
    await loaded();
    await waitFor(actor, (s) => s.context.cloud.length === 1);
    actor.send({ type: "device.set", id: "Dock" });
    actor.send({ type: "type.set", printType: 2 });
    actor.send({ type: "device.set", id: "B" });
    actor.send({ type: "type.set", printType: 1 });
    expect(ctx().device?.id).toBe("Dock");
    // and the cloud device chosen before comes back too
    actor.send({ type: "type.set", printType: 2 });
    expect(ctx().device?.id).toBe("B");
    actor.send({ type: "type.set", printType: 1 });
    await ready();
    actor.send({ type: "confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(out.filter((e) => e.type === "message" && e.level === "error")).toEqual([]);
    expect(submit.mock.calls[0][0]).toMatchObject({ printType: 1, device: { id: "Dock" } });
  });

  it("back from the Cloud tab with nothing chosen before, the first driver (the browser) is selected", async () => {
    // the printers arrive while the Cloud tab is shown, with none preferred
    const { actor, loaded, ctx } = start({ drivers: listed("") });
    actor.send(show);
    actor.send({ type: "type.set", printType: 2 });
    await loaded();
    expect(ctx().device).toBeNull();
    actor.send({ type: "type.set", printType: 1 });
    expect(ctx().device?.id).toBe("Shelf");
    // choosing the tab already shown changes nothing
    actor.send({ type: "type.set", printType: 1 });
    expect(ctx().device?.id).toBe("Shelf");
  });

  it("closing resets type, device and page and emits close", async () => {
    const { actor, out, ready, ctx } = start();
    actor.send(show);
    actor.send({ type: "type.set", printType: 2 });
    actor.send({ type: "page.next" });
    await ready();
    actor.send({ type: "close" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect([ctx().printType, ctx().device, ctx().page]).toEqual([1, null, 1]);
    expect(out).toEqual([{ type: "close" }]);
  });
});
