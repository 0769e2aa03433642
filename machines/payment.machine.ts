// The upgrade dialog's payment (application.md §2 dialog 2, §4 "Payment order status", §9 polling
// 3000 ms): opening loads privileges, plans, user and member info, selects the first plan and asks
// for its payment code at once; then getStatusOrder every 3 s (no loading overlay): 2 paid → tip94,
// stop, reload member info; 3 failed → tip95, stop; the order's expiry (or status 4) → the payment
// timeout message, stop. Choosing another plan makes a new order and restarts polling; closing the
// dialog (or unmounting its view, which stops the actor) stops everything. The same machine sells
// cloud space packages on /expansion (input kind "space").
import { assign, emit, fromPromise, setup } from "xstate";
import { TIP } from "../src/i18n/tips";
import type { Loaded, MemberState, PaymentOrder } from "../src/model/membership";

/** getStatusOrder's poll interval (spec §9). */
export const PAYMENT_POLL_MS = 3000;

export const PAYMENT_TIMEOUT_KEY = "member.pay.timeout";

export interface PaymentContext extends Loaded {
  readonly kind: "member" | "space";
  readonly selected: string | null;
  readonly order: PaymentOrder | null;
  /** the server's message when an order could not be made */
  readonly error: string;
}

export type PaymentEvent = { type: "open" } | { type: "close" } | { type: "plan.select"; m_id: string };

export type PaymentEmitted = { type: "message"; key: string; level: "success" | "error" } | { type: "paid" };

/** The server's status of an order: 1 open, 2 paid, 3 failed, 4 expired. */
export type OrderStatusCode = number;

/** The requests are provided by the view (UpgradeDialog); without them the machine refuses to run. */
const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`payment machine: provide the ${name} actor`);
};

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
    input: {} as { kind?: "member" | "space" },
  },
  actors: {
    load: fromPromise<Loaded, { kind: "member" | "space" }>(missing("load")),
    order: fromPromise<PaymentOrder, { m_id: string }>(missing("order")),
    status: fromPromise<OrderStatusCode, { o_id: string }>(missing("status")),
    reloadMember: fromPromise<MemberState>(missing("reloadMember")),
  },
  delays: {
    poll: PAYMENT_POLL_MS,
    orderExpiry: ({ context }) => Math.max(0, context.order?.expires_in ?? 0),
  },
  guards: {
    hasPlans: ({ context }) => context.plans.length > 0,
    knownPlan: ({ context, event }) =>
      event.type === "plan.select" && context.plans.some((p) => p.m_id === event.m_id),
    otherPlan: ({ context, event }) =>
      event.type === "plan.select" &&
      event.m_id !== context.selected &&
      context.plans.some((p) => p.m_id === event.m_id),
  },
  actions: {
    select: assign({ selected: ({ event }) => (event.type === "plan.select" ? event.m_id : null) }),
    forget: assign({ order: null, error: "" }),
  },
}).createMachine({
  id: "payment",
  initial: "closed",
  context: ({ input }) => ({
    kind: input?.kind ?? "member",
    plans: [],
    privileges: [],
    member: null,
    selected: null,
    order: null,
    error: "",
  }),
  states: {
    closed: {
      entry: "forget",
      on: { open: "open" },
    },
    open: {
      initial: "loading",
      on: {
        close: "closed",
        "plan.select": { guard: "knownPlan", target: ".ordering", actions: "select" },
      },
      states: {
        loading: {
          invoke: {
            id: "load",
            src: "load",
            input: ({ context }) => ({ kind: context.kind }),
            onDone: [
              {
                guard: ({ event }) => event.output.plans.length > 0 && event.output.member?.payments !== 0,
                target: "ordering",
                actions: assign(({ event }) => ({ ...event.output, selected: event.output.plans[0].m_id })),
              },
              {
                // no payment provider on this server (getMemberUser's payments: 0): the plans are
                // shown, no order is asked for (it could only fail), the panel says so once, inline
                guard: ({ event }) => event.output.plans.length > 0,
                target: "paymentsOff",
                actions: assign(({ event }) => ({ ...event.output, selected: event.output.plans[0].m_id })),
              },
              { target: "noPlans", actions: assign(({ event }) => ({ ...event.output })) },
            ],
            onError: "loadFailed",
          },
        },
        noPlans: {},
        paymentsOff: { on: { "plan.select": { guard: "knownPlan", actions: "select" } } },
        loadFailed: {},
        ordering: {
          entry: "forget",
          on: {
            "plan.select": [{ guard: "otherPlan", target: "ordering", reenter: true, actions: "select" }, {}],
          },
          invoke: {
            id: "order",
            src: "order",
            input: ({ context }) => ({ m_id: context.selected ?? "" }),
            onDone: { target: "paying", actions: assign({ order: ({ event }) => event.output }) },
            onError: {
              target: "orderFailed",
              actions: assign({ error: ({ event }) => (event.error as Error)?.message ?? "" }),
            },
          },
        },
        orderFailed: {},
        paying: {
          initial: "waiting",
          on: { "plan.select": [{ guard: "otherPlan", target: "ordering", actions: "select" }, {}] },
          after: {
            orderExpiry: {
              target: "timedOut",
              actions: emit({ type: "message", key: PAYMENT_TIMEOUT_KEY, level: "error" } as const),
            },
          },
          states: {
            waiting: { after: { poll: "checking" } },
            checking: {
              invoke: {
                id: "status",
                src: "status",
                input: ({ context }) => ({ o_id: context.order?.o_id ?? "" }),
                onDone: [
                  {
                    guard: ({ event }) => event.output === 2,
                    target: "#payment.open.paid",
                    actions: [
                      emit({ type: "message", key: TIP.paymentSucceeded, level: "success" } as const),
                      emit({ type: "paid" } as const),
                    ],
                  },
                  {
                    guard: ({ event }) => event.output === 3,
                    target: "#payment.open.failed",
                    actions: emit({ type: "message", key: TIP.paymentFailed, level: "error" } as const),
                  },
                  {
                    guard: ({ event }) => event.output === 4,
                    target: "#payment.open.timedOut",
                    actions: emit({ type: "message", key: PAYMENT_TIMEOUT_KEY, level: "error" } as const),
                  },
                  { target: "waiting" },
                ],
                // a lost poll (network) is tried again at the next tick
                onError: "waiting",
              },
            },
          },
        },
        paid: {
          invoke: {
            id: "reloadMember",
            src: "reloadMember",
            onDone: { actions: assign({ member: ({ event }) => event.output }) },
          },
        },
        failed: {},
        timedOut: {},
      },
    },
  },
});
