// The save flow with fake requests (injected actors) and a simulated clock: no server, no sleeps.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { CloudLabel, SavedTemplate, SaveOutcome, TemplatePayload } from "../src/app/api/cloudSave";
import { UPSELL_AFTER_COVER_402_MS } from "../src/model/constants";
import { emptyDocument } from "../src/model/defaults";
import { addNewElement } from "../src/model/ops";
import { isRefusal } from "../src/model/ops/types";
import type { LabelDocument } from "../src/model/types";
import {
  type OpenedLabel,
  type SaveFlowEmitted,
  type StoredDraft,
  saveFlowMachine,
  withIdentity,
} from "./saveFlow.machine";

const NEW: CloudLabel = { status: "add", id: "", parent_id: "p0", type: "", file: "", remark: "r" };
const EDIT: CloudLabel = {
  status: "edit",
  id: "t1",
  parent_id: "p0",
  type: "",
  file: "/files/a.tprts",
  remark: "",
};

function labelDoc(name = "Shelf"): LabelDocument {
  const doc = emptyDocument({ name, width: 60, height: 40 });
  const r = addNewElement(doc, "Rectangle", { x: 30, y: 20, centered: true });
  if (isRefusal(r)) throw new Error(r.refused);
  return r.doc;
}

const TPL: SavedTemplate = {
  id: "t9",
  parent_id: "p0",
  name: "Shelf",
  file_web: "/files/u/tprt/1/x.tprts",
  width: 60,
  height: 40,
  image: "",
};
const PAYLOAD: TemplatePayload = {
  name: "Shelf",
  parent_id: "p0",
  width: 60,
  height: 40,
  url: "/files/x",
  image: "",
  platform: 2,
  remark: "",
};
const SAVED: SaveOutcome = { kind: "saved", template: TPL, added: true };
const MEMBER: SaveOutcome = { kind: "member", message: "Members only" };
const EXISTS: SaveOutcome = { kind: "exists", payload: PAYLOAD };
const CONFLICT: SaveOutcome = { kind: "conflict", payload: PAYLOAD, current: { ...TPL, id: "t1" } };
const FAILED: SaveOutcome = { kind: "failed", error: new Error("500") };

/** A save flow whose requests answer from the given lists, in order; records every call. */
function start(
  opts: {
    cloud?: CloudLabel;
    opened?: OpenedLabel;
    draft?: StoredDraft | null;
    save?: SaveOutcome[];
    dialog?: SaveOutcome[];
  } = {},
) {
  const calls: { name: string; input: unknown }[] = [];
  const emitted: SaveFlowEmitted[] = [];
  const saves = [...(opts.save ?? [])];
  const dialogs = [...(opts.dialog ?? [])];
  // typed by the slot it fills (each request has its own input)
  const request = <I>(name: string, list: SaveOutcome[]) =>
    fromPromise<SaveOutcome, I>(async ({ input }) => {
      calls.push({ name, input });
      return list.shift() ?? FAILED;
    });
  const clock = new SimulatedClock();
  const machine = saveFlowMachine.provide({
    actors: {
      openLabel: fromPromise(async () => opts.opened ?? null),
      findDraft: fromPromise(async () => opts.draft ?? null),
      save: request<{ doc: LabelDocument; cloud: CloudLabel }>("save", saves),
      cover: request<{ payload: TemplatePayload }>("cover", dialogs),
      overwrite: request<{ payload: TemplatePayload; current: SavedTemplate }>("overwrite", dialogs),
      copy: request<{ payload: TemplatePayload }>("copy", dialogs),
      settle: fromPromise(async ({ input }) => void calls.push({ name: "settle", input })),
    },
    actions: {
      loadDoc: (_, p) => void calls.push({ name: "loadDoc", input: p }),
      restoreDraft: (_, p) => void calls.push({ name: "restoreDraft", input: p }),
      discardDraft: (_, p) => void calls.push({ name: "discardDraft", input: p }),
    },
  });
  const actor = createActor(machine, { input: { cloud: opts.cloud ?? NEW }, clock });
  for (const type of ["message", "saved", "leave", "print"] as const)
    actor.on(type, (e) => void emitted.push(e));
  actor.start();
  const is = (save: "idle" | "saving" | "cover" | "conflict" | "member" | "upsell") =>
    waitFor(actor, (s) => s.matches({ save }));
  const ready = () => waitFor(actor, (s) => s.matches({ label: "ready" }) || s.matches({ label: "draft" }));
  const types = () => emitted.map((e) => (e.type === "message" ? `message:${e.key}` : e.type));
  return { actor, calls, emitted, types, clock, is, ready, names: () => calls.map((c) => c.name) };
}

describe("save flow machine: opening", () => {
  it("loads the cloud file with the label's identity, then offers a stored draft", async () => {
    const opened = labelDoc("From file");
    const draft = { doc: labelDoc("Draft"), savedAt: 5 };
    const f = start({ cloud: EDIT, opened: { doc: opened }, draft });
    expect(f.actor.getSnapshot().matches({ label: "fetching" })).toBe(true);
    await waitFor(f.actor, (s) => s.matches({ label: "draft" }));
    expect(f.calls[0]).toEqual({ name: "loadDoc", input: { doc: withIdentity(opened, EDIT) } });
    expect(f.calls[0].input).toMatchObject({ doc: { attrs: { id: "t1", file: "/files/a.tprts" } } });
    expect(f.actor.getSnapshot().context.draft).toEqual(draft);
    f.actor.send({ type: "draft.restore" });
    expect(f.actor.getSnapshot().matches({ label: "ready" })).toBe(true);
    expect(f.calls[1]).toEqual({ name: "restoreDraft", input: { doc: withIdentity(draft.doc, EDIT) } });
    expect(f.actor.getSnapshot().context.draft).toBeNull();
  });

  it("a template renamed in the library opens under its library name, not the one in its file", async () => {
    const f = start({ cloud: { ...EDIT, name: "Renamed" }, opened: { doc: labelDoc("Name in the file") } });
    await waitFor(f.actor, (s) => s.matches({ label: "ready" }));
    expect(f.calls[0].input).toMatchObject({ doc: { attrs: { id: "t1", name: "Renamed" } } });
  });

  it("discarding the draft drops it under the label's id", async () => {
    const f = start({ cloud: EDIT, draft: { doc: labelDoc(), savedAt: 1 } });
    await waitFor(f.actor, (s) => s.matches({ label: "draft" }));
    f.actor.send({ type: "draft.discard" });
    expect(f.calls.at(-1)).toEqual({ name: "discardDraft", input: { cloudId: "t1" } });
  });

  it("an empty draft is not offered; a file that cannot be read says why; an edit without a file tip128", async () => {
    const empty = start({ draft: { doc: emptyDocument({ name: "E", width: 10, height: 10 }), savedAt: 1 } });
    await empty.ready();
    expect(empty.actor.getSnapshot().matches({ label: "ready" })).toBe(true);
    expect(empty.types()).toEqual([]);

    const bad = start({ cloud: EDIT, opened: { error: "editor.file.tooBig" } });
    await bad.ready();
    expect(bad.emitted).toEqual([
      { type: "message", key: "editor.file.tooBig", level: "error", vars: { limit: 50 } },
    ]);
    expect(bad.names()).toEqual([]);

    const none = start({ cloud: { ...EDIT, file: "" } });
    await none.ready();
    expect(none.types()).toEqual(["message:tip.tip128"]);
  });
});

describe("save flow machine: saving", () => {
  it("a save into a chosen folder (issue 34) sends the label with that folder", async () => {
    const f = start({ save: [SAVED] });
    await f.ready();
    f.actor.send({ type: "save", doc: labelDoc(), folder: "p2" });
    await f.is("idle");
    expect(f.calls[0]).toMatchObject({ name: "save", input: { cloud: { ...NEW, parent_id: "p2" } } });
  });

  it("nothing to save: tip50, no request", async () => {
    const f = start();
    f.actor.send({ type: "save", doc: emptyDocument({ name: "E", width: 10, height: 10 }) });
    expect(f.types()).toEqual(["message:tip.tip50"]);
    expect(f.actor.getSnapshot().matches({ save: "idle" })).toBe(true);
    expect(f.names()).toEqual([]);
  });

  it("a save: one request (another save meanwhile is ignored), tip58, settled, then the route", async () => {
    const doc = labelDoc();
    const f = start({ save: [SAVED] });
    await f.ready();
    f.actor.send({ type: "save", doc });
    expect(f.actor.getSnapshot().matches({ save: "saving" })).toBe(true);
    f.actor.send({ type: "save", doc });
    await f.is("idle");
    expect(f.names()).toEqual(["save", "settle"]);
    expect(f.calls[0].input).toEqual({ doc, cloud: NEW });
    // the drafts are settled under the key the label had before the save
    expect(f.calls[1].input).toEqual({ doc, previousId: "" });
    expect(f.types()).toEqual(["message:tip.tip58", "saved"]);
    expect(f.emitted[1]).toMatchObject({ type: "saved", labelAttr: { id: "t9", file: TPL.file_web } });
    expect(f.actor.getSnapshot().context.cloud).toEqual({
      ...NEW,
      status: "edit",
      id: "t9",
      parent_id: "p0",
      file: TPL.file_web,
      type: "",
    });
  });

  it("save then leave, save then print", async () => {
    const f = start({ save: [SAVED, SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("idle");
    f.actor.send({ type: "save", doc: labelDoc(), after: "print" });
    await waitFor(f.actor, () => f.emitted.length === 6);
    expect(f.types()).toEqual(["message:tip.tip58", "saved", "leave", "message:tip.tip58", "saved", "print"]);
    // the second save is an edit of what the first one made
    expect(f.calls[2].input).toMatchObject({ cloud: { status: "edit", id: "t9" } });
  });

  it("402 on a save: the prompt at once with the server's message; no leave after it", async () => {
    const f = start({ save: [MEMBER, SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("member");
    expect(f.actor.getSnapshot().context.memberText).toBe("Members only");
    f.actor.send({ type: "member.close" });
    expect(f.actor.getSnapshot().matches({ save: "idle" })).toBe(true);
    f.actor.send({ type: "save", doc: labelDoc() });
    await f.is("idle");
    expect(f.types()).not.toContain("leave");
  });

  it("a failed save keeps the work and forgets the leave", async () => {
    const f = start({ save: [FAILED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await waitFor(f.actor, (s) => s.matches({ save: "idle" }) && f.calls.length === 1);
    expect(f.types()).toEqual([]);
    expect(f.actor.getSnapshot().context.after).toBeNull();
  });

  it("a request that throws counts as failed", async () => {
    const throwing = createActor(
      saveFlowMachine.provide({
        actors: {
          save: fromPromise<SaveOutcome, { doc: LabelDocument; cloud: CloudLabel }>(async () => {
            throw new Error("network");
          }),
        },
      }),
      { input: { cloud: NEW } },
    ).start();
    throwing.send({ type: "save", doc: labelDoc(), after: "leave" });
    await waitFor(throwing, (s) => s.matches({ save: "idle" }) && s.context.after === null);
    expect(throwing.getSnapshot().context.cloud).toEqual(NEW);
  });
});

describe("save flow machine: cover and conflict dialogs", () => {
  it("405: the cover dialog; confirm covers ('Added successfully') and a leave still leaves", async () => {
    const f = start({ save: [EXISTS], dialog: [SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("cover");
    expect(f.actor.getSnapshot().context.payload).toEqual(PAYLOAD);
    const doc = labelDoc("At confirm");
    f.actor.send({ type: "cover.confirm", doc });
    // while the request runs the dialog takes no second answer
    f.actor.send({ type: "cover.confirm", doc });
    f.actor.send({ type: "cover.cancel" });
    await f.is("idle");
    expect(f.names()).toEqual(["save", "cover", "settle"]);
    expect(f.calls[1].input).toEqual({ payload: PAYLOAD });
    expect(f.calls[2].input).toEqual({ doc, previousId: "" });
    expect(f.types()).toEqual(["message:editor.cover.added", "saved", "leave"]);
  });

  it("print opens only after a direct save, not after the cover dialog", async () => {
    const f = start({ save: [EXISTS], dialog: [SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "print" });
    await f.is("cover");
    f.actor.send({ type: "cover.confirm", doc: labelDoc() });
    await f.is("idle");
    expect(f.types()).toEqual(["message:editor.cover.added", "saved"]);
  });

  it("cancel closes the dialog and forgets the leave", async () => {
    const f = start({ save: [EXISTS, SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("cover");
    f.actor.send({ type: "cover.cancel" });
    expect(f.actor.getSnapshot().matches({ save: "idle" })).toBe(true);
    f.actor.send({ type: "save", doc: labelDoc() });
    await waitFor(f.actor, () => f.emitted.length === 2);
    expect(f.types()).toEqual(["message:tip.tip58", "saved"]);
  });

  it("402 in the cover dialog: it closes, and the prompt follows after the spec's half second", async () => {
    const f = start({ save: [EXISTS], dialog: [MEMBER] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("cover");
    f.actor.send({ type: "cover.confirm", doc: labelDoc() });
    await f.is("upsell");
    expect(UPSELL_AFTER_COVER_402_MS).toBe(500);
    f.clock.increment(UPSELL_AFTER_COVER_402_MS - 1);
    expect(f.actor.getSnapshot().matches({ save: "upsell" })).toBe(true);
    f.clock.increment(1);
    expect(f.actor.getSnapshot().matches({ save: "member" })).toBe(true);
    expect(f.actor.getSnapshot().context).toMatchObject({ memberText: "Members only", after: null });
  });

  it("a failed cover keeps the dialog open for another try, without the leave", async () => {
    const f = start({ save: [EXISTS], dialog: [FAILED, SAVED] });
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("cover");
    f.actor.send({ type: "cover.confirm", doc: labelDoc() });
    await waitFor(f.actor, (s) => s.matches({ save: { cover: "asking" } }) && f.calls.length === 2);
    f.actor.send({ type: "cover.confirm", doc: labelDoc() });
    await f.is("idle");
    expect(f.types()).toEqual(["message:editor.cover.added", "saved"]);
  });

  it("409: the conflict dialog copies or overwrites with what the server holds now", async () => {
    const f = start({ cloud: EDIT, save: [CONFLICT, CONFLICT], dialog: [SAVED, SAVED] });
    await f.ready();
    f.actor.send({ type: "save", doc: labelDoc(), after: "leave" });
    await f.is("conflict");
    f.actor.send({ type: "conflict.copy", doc: labelDoc() });
    await f.is("idle");
    expect(f.calls[1]).toEqual({ name: "copy", input: { payload: PAYLOAD } });
    expect(f.types()).toEqual(["message:tip.tip58", "saved", "leave"]);
    f.actor.send({ type: "save", doc: labelDoc() });
    await f.is("conflict");
    f.actor.send({ type: "conflict.overwrite", doc: labelDoc() });
    await f.is("idle");
    expect(f.calls.find((c) => c.name === "overwrite")?.input).toEqual({
      payload: PAYLOAD,
      current: CONFLICT.kind === "conflict" ? CONFLICT.current : null,
    });
  });

  it("conflict cancel closes the dialog", async () => {
    const f = start({ cloud: EDIT, save: [CONFLICT] });
    f.actor.send({ type: "save", doc: labelDoc() });
    await f.is("conflict");
    f.actor.send({ type: "conflict.cancel" });
    expect(f.actor.getSnapshot().matches({ save: "idle" })).toBe(true);
    expect(f.actor.getSnapshot().context.payload).toBeNull();
  });
});
