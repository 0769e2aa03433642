// The editor's calls to the server's named counters (docs/api.md "Counters"; docs/data-sources.md
// "Counters"): list them, create one, and preview the next numbers (nothing is reserved). The request
// client is injected so the answers are read defensively in one place; on a refused call the client
// has already shown the server's translated reason.
import type { ApiClient } from "../../app/api/core";
import { asText } from "../../app/api/read";
import { type CounterSettings, isResetRule, type ResetRule } from "../../model/counters";

export interface CounterInfo extends CounterSettings {
  readonly id: string;
  /** the number the next job would start with */
  readonly next: string;
}

export interface CounterApi {
  list(): Promise<CounterInfo[]>;
  create(settings: CounterSettings): Promise<CounterInfo>;
  /** The next `count` numbers of a counter, as printed (not reserved). */
  preview(id: string, count: number): Promise<string[]>;
}

const whole = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : 0);

export function toCounter(raw: unknown): CounterInfo | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = asText(r.id);
  if (!id) return null;
  const reset: ResetRule = isResetRule(r.reset) ? r.reset : "never";
  return {
    id,
    name: asText(r.name),
    start: whole(r.start),
    step: whole(r.step),
    width: whole(r.width),
    prefix: asText(r.prefix),
    reset,
    next: asText(r.next),
  };
}

export function createCounterApi(api: ApiClient): CounterApi {
  const quiet = { loading: false };
  return {
    async list() {
      const raw = await api.post("/api/counter/list", {}, quiet);
      return (Array.isArray(raw) ? raw : []).map(toCounter).filter((c): c is CounterInfo => c !== null);
    },
    async create(settings) {
      const made = toCounter(await api.post("/api/counter/create", { ...settings }));
      if (!made) throw new Error("counter create: no counter in the answer");
      return made;
    },
    async preview(id, count) {
      const raw = await api.post<{ numbers?: unknown }>("/api/counter/preview", { id, count }, quiet);
      return Array.isArray(raw?.numbers) ? raw.numbers.map(asText) : [];
    },
  };
}
