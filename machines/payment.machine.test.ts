// The payment poll (issue 18) on a SimulatedClock: one getStatusOrder per 3000 ms, tip94 / tip95 /
// timeout and stop, a new order for another plan, nothing after close; and model-based paths.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { TIP } from "../src/i18n/tips";
import type { Loaded, MemberState, PaymentOrder, Plan } from "../src/model/membership";
import {
  PAYMENT_POLL_MS,
  PAYMENT_TIMEOUT_KEY,
  type PaymentEmitted,
  type PaymentEvent,
  paymentMachine,
} from "./payment.machine";

const plan = (m_id: string): Plan => ({
  m_id,
  the_term: m_id,
  discount_price: "9.90",
  original_price: "15.00",
  currency_symbol: "$",
  is_recommend: 0,
  is_preference: 0,
});
const LOADED: Loaded = {
  plans: [plan("month"), plan("year")],
  privileges: [{ name: "Fonts", ico: "/i.svg" }],
  member: { is_member: false, expire_time: "" },
};
const EXPIRES_MS = 60_000;

/** A machine whose server answers statuses from `answers` (then 1: still open). */
function start(opts: { statuses?: number[]; loaded?: Loaded; orderFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const statuses = [...(opts.statuses ?? [])];
  let orders = 0;
  const member: MemberState = { is_member: true, expire_time: "2027-01-01 00:00:00" };
  const machine = paymentMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        calls.push(`load:${input.kind}`);
        return opts.loaded ?? LOADED;
      }),
      order: fromPromise(async ({ input }): Promise<PaymentOrder> => {
        calls.push(`order:${input.m_id}`);
        if (opts.orderFails) throw new Error("Payments are not set up");
        orders++;
        return {
          o_id: `o${orders}`,
          image: "data:",
          url: `http://x/label/pay/o${orders}`,
          expires_in: EXPIRES_MS,
        };
      }),
      status: fromPromise(async ({ input }) => {
        calls.push(`status:${input.o_id}`);
        return statuses.shift() ?? 1;
      }),
      reloadMember: fromPromise(async (): Promise<MemberState> => {
        calls.push("reloadMember");
        return member;
      }),
    },
  });
  const actor = createActor(machine, { input: { kind: "member" }, clock });
  const emitted: string[] = [];
  actor.on(
    "*",
    (e: PaymentEmitted) => void emitted.push(e.type === "message" ? `${e.level}:${e.key}` : e.type),
  );
  actor.start();
  /** advances the clock and lets the invoked promises settle */
  const tick = async (ms: number) => {
    clock.increment(ms);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((r) => setImmediate(r));
  };
  const polls = () => calls.filter((c) => c.startsWith("status")).length;
  return { actor, clock, calls, emitted, tick, polls };
}

const paying = (a: ReturnType<typeof start>["actor"]) =>
  waitFor(a, (s) => s.matches({ open: { paying: "waiting" } }));

describe("payment machine", () => {
  it("opening loads everything, selects the first plan and orders its code at once", async () => {
    const f = start();
    expect(f.actor.getSnapshot().value).toBe("closed");
    f.actor.send({ type: "open" });
    await paying(f.actor);
    expect(f.calls).toEqual(["load:member", "order:month"]);
    const c = f.actor.getSnapshot().context;
    expect(c.selected).toBe("month");
    expect(c.order?.o_id).toBe("o1");
    expect(c.privileges).toHaveLength(1);
  });

  it("without a payment provider (payments 0) it orders nothing: the plans stay choosable, no message", async () => {
    const f = start({ loaded: { ...LOADED, member: { is_member: false, expire_time: "", payments: 0 } } });
    f.actor.send({ type: "open" });
    await waitFor(f.actor, (s) => s.matches({ open: "paymentsOff" }));
    f.actor.send({ type: "plan.select", m_id: "year" });
    await f.tick(PAYMENT_POLL_MS * 3);
    expect(f.actor.getSnapshot().matches({ open: "paymentsOff" })).toBe(true);
    expect(f.actor.getSnapshot().context.selected).toBe("year");
    expect(f.calls).toEqual(["load:member"]);
    expect(f.emitted).toEqual([]);
  });

  it("polls once every 3000 ms, not sooner, while the order is open", async () => {
    const f = start();
    f.actor.send({ type: "open" });
    await paying(f.actor);
    await f.tick(PAYMENT_POLL_MS - 1);
    expect(f.polls()).toBe(0);
    await f.tick(1);
    expect(f.polls()).toBe(1);
    for (let i = 2; i <= 5; i++) {
      await f.tick(PAYMENT_POLL_MS);
      expect(f.polls()).toBe(i);
    }
  });

  it("status 2: tip94 once, polling stops, member info is reloaded", async () => {
    const f = start({ statuses: [1, 2] });
    f.actor.send({ type: "open" });
    await paying(f.actor);
    await f.tick(PAYMENT_POLL_MS);
    await f.tick(PAYMENT_POLL_MS);
    expect(f.actor.getSnapshot().matches({ open: "paid" })).toBe(true);
    expect(f.emitted).toEqual([`success:${TIP.paymentSucceeded}`, "paid"]);
    expect(f.calls.at(-1)).toBe("reloadMember");
    expect(f.actor.getSnapshot().context.member?.is_member).toBe(true);
    await f.tick(PAYMENT_POLL_MS * 10);
    expect(f.polls()).toBe(2);
  });

  it("status 3: tip95 and polling stops", async () => {
    const f = start({ statuses: [3] });
    f.actor.send({ type: "open" });
    await paying(f.actor);
    await f.tick(PAYMENT_POLL_MS);
    expect(f.actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    expect(f.emitted).toEqual([`error:${TIP.paymentFailed}`]);
    await f.tick(PAYMENT_POLL_MS * 5);
    expect(f.polls()).toBe(1);
  });

  it("the order's expiry (or the server's status 4) shows the payment timeout message and stops", async () => {
    const f = start();
    f.actor.send({ type: "open" });
    await paying(f.actor);
    for (let t = 0; t < EXPIRES_MS; t += PAYMENT_POLL_MS) await f.tick(PAYMENT_POLL_MS);
    expect(f.actor.getSnapshot().matches({ open: "timedOut" })).toBe(true);
    expect(f.emitted).toEqual([`error:${PAYMENT_TIMEOUT_KEY}`]);
    const n = f.polls();
    await f.tick(PAYMENT_POLL_MS * 5);
    expect(f.polls()).toBe(n);
    const g = start({ statuses: [4] });
    g.actor.send({ type: "open" });
    await paying(g.actor);
    await g.tick(PAYMENT_POLL_MS);
    expect(g.actor.getSnapshot().matches({ open: "timedOut" })).toBe(true);
    expect(g.emitted).toEqual([`error:${PAYMENT_TIMEOUT_KEY}`]);
  });

  it("another plan makes a new order and restarts polling (and its expiry); the same plan does nothing", async () => {
    const f = start();
    f.actor.send({ type: "open" });
    await paying(f.actor);
    await f.tick(PAYMENT_POLL_MS * 10); // 30 s of the first order's 60
    f.actor.send({ type: "plan.select", m_id: "month" });
    expect(f.calls.filter((c) => c.startsWith("order"))).toEqual(["order:month"]);
    f.actor.send({ type: "plan.select", m_id: "year" });
    await paying(f.actor);
    expect(f.calls.filter((c) => c.startsWith("order"))).toEqual(["order:month", "order:year"]);
    expect(f.actor.getSnapshot().context.order?.o_id).toBe("o2");
    await f.tick(PAYMENT_POLL_MS);
    expect(f.calls.at(-1)).toBe("status:o2");
    // the first order's expiry no longer applies: still paying 45 s into the new one
    await f.tick(PAYMENT_POLL_MS * 14);
    expect(f.actor.getSnapshot().matches({ open: "paying" })).toBe(true);
    f.actor.send({ type: "plan.select", m_id: "unknown" });
    expect(f.actor.getSnapshot().context.selected).toBe("year");
  });

  it("closing stops polling; reopening starts afresh", async () => {
    const f = start();
    f.actor.send({ type: "open" });
    await paying(f.actor);
    await f.tick(PAYMENT_POLL_MS);
    f.actor.send({ type: "close" });
    const n = f.polls();
    await f.tick(PAYMENT_POLL_MS * 5);
    expect(f.polls()).toBe(n);
    expect(f.actor.getSnapshot().context.order).toBeNull();
    f.actor.send({ type: "open" });
    await paying(f.actor);
    expect(f.calls.filter((c) => c.startsWith("load"))).toHaveLength(2);
    // stopping the actor (the view is gone) leaves no timer behind
    f.actor.stop();
    await f.tick(PAYMENT_POLL_MS * 5);
    expect(f.polls()).toBe(n);
  });

  it("an order the server refuses keeps its message and polls nothing; no plans: nothing ordered", async () => {
    const f = start({ orderFails: true });
    f.actor.send({ type: "open" });
    await waitFor(f.actor, (s) => s.matches({ open: "orderFailed" }));
    expect(f.actor.getSnapshot().context.error).toBe("Payments are not set up");
    await f.tick(PAYMENT_POLL_MS * 3);
    expect(f.polls()).toBe(0);
    const g = start({ loaded: { ...LOADED, plans: [] } });
    g.actor.send({ type: "open" });
    await waitFor(g.actor, (s) => s.matches({ open: "noPlans" }));
    expect(g.calls).toEqual(["load:member"]);
  });
});

describe("payment machine, model-based", () => {
  // The model: the user's events plus the server's answers and the two timers as events; each
  // shortest path to every reachable state is replayed on a real actor (SimulatedClock, requests
  // answered by hand when the path says so) and must land in the model's state, with the messages
  // that state implies.
  const ORDER: PaymentOrder = { o_id: "o", image: "", url: "", expires_in: EXPIRES_MS };
  const EVENTS = [
    { type: "open" },
    { type: "close" },
    { type: "plan.select", m_id: "year" },
    { type: "xstate.done.actor.load", output: LOADED },
    { type: "xstate.done.actor.load", output: { ...LOADED, plans: [] } },
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "xstate.done.actor.order", output: ORDER },
    { type: "xstate.error.actor.order", error: new Error("refused") },
    ...[1, 2, 3, 4].map((output) => ({ type: "xstate.done.actor.status", output })),
    { type: "xstate.done.actor.reloadMember", output: LOADED.member },
    { type: "xstate.after.poll.payment.open.paying.waiting" },
    { type: "xstate.after.orderExpiry.payment.open.paying" },
  ];
  type Step = { type: string; output?: unknown; error?: unknown };

  function replay(steps: readonly Step[]) {
    const clock = new SimulatedClock();
    const pending = new Map<string, { ok: (v: unknown) => void; fail: (e: unknown) => void }>();
    const manual = <O, I>(name: string) =>
      fromPromise<O, I>(
        () => new Promise<O>((ok, fail) => void pending.set(name, { ok: ok as (v: unknown) => void, fail })),
      );
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          load: manual("load"),
          order: manual("order"),
          status: manual("status"),
          reloadMember: manual("reloadMember"),
        },
      }),
      { input: {}, clock },
    );
    const emitted: string[] = [];
    actor.on("*", (e: PaymentEmitted) => void emitted.push(e.type === "message" ? e.key : e.type));
    actor.start();
    return {
      actor,
      emitted,
      async run() {
        for (const step of steps) {
          const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.type);
          if (m) {
            const p = pending.get(m[2]);
            pending.delete(m[2]);
            if (m[1] === "done") p?.ok(step.output);
            else p?.fail(step.error);
          } else if (step.type.startsWith("xstate.after.poll")) clock.increment(PAYMENT_POLL_MS);
          else if (step.type.startsWith("xstate.after.orderExpiry")) clock.increment(EXPIRES_MS);
          else if (step.type !== "xstate.init") actor.send(step as PaymentEvent);
          for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
        }
      },
    };
  }

  const paths = getShortestPaths(paymentMachine, { events: EVENTS, input: {} } as never);

  it("reaches every state of the dialog, including paid, failed and timed out", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of ["paid", "failed", "timedOut", "noPlans", "loadFailed", "orderFailed"])
      expect(reached.has(JSON.stringify({ open: s }))).toBe(true);
    expect(reached.has(JSON.stringify({ open: { paying: "checking" } }))).toBe(true);
  });

  it("each path replayed on the real actor lands in the model's state with the matching messages", async () => {
    for (const p of paths) {
      const steps = p.steps.map((s) => s.event as Step);
      const r = replay(steps);
      await r.run();
      const s = r.actor.getSnapshot();
      expect({ path: steps.map((x) => x.type), value: s.value }).toEqual({
        path: steps.map((x) => x.type),
        value: p.state.value,
      });
      const end = JSON.stringify(p.state.value);
      if (end === JSON.stringify({ open: "paid" })) expect(r.emitted).toEqual([TIP.paymentSucceeded, "paid"]);
      else if (end === JSON.stringify({ open: "failed" })) expect(r.emitted).toEqual([TIP.paymentFailed]);
      else if (end === JSON.stringify({ open: "timedOut" })) expect(r.emitted).toEqual([PAYMENT_TIMEOUT_KEY]);
      else expect(r.emitted).toEqual([]);
      // and close always ends it
      r.actor.send({ type: "close" });
      expect(r.actor.getSnapshot().value).toBe("closed");
      r.actor.stop();
    }
  });
});
