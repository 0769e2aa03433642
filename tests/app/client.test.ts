// The request client against a fake fetch: headers, timeout, overlay and every row of spec §8.
import { describe, expect, it, vi } from "vitest";
import { ApiError, type ClientDeps, createClient, type Envelope } from "../../src/app/api/core";

interface Harness {
  deps: ClientDeps;
  errors: string[];
  calls: { url: string; init: RequestInit }[];
  loading: { starts: number; stops: number };
  session: { renew: ReturnType<typeof vi.fn>; clear: ReturnType<typeof vi.fn> };
  reload: ReturnType<typeof vi.fn>;
  timers: { fn: () => void; ms: number; cleared: boolean }[];
}

type Reply = Envelope | { status: number; body?: unknown } | Error | "hang";

function harness(reply: Reply): Harness {
  const errors: string[] = [];
  const calls: Harness["calls"] = [];
  const loading = { starts: 0, stops: 0 };
  const timers: Harness["timers"] = [];
  const session = { renew: vi.fn(), clear: vi.fn() };
  const reload = vi.fn();
  const deps: ClientDeps = {
    fetch: (url, init) => {
      calls.push({ url, init });
      if (reply instanceof Error) return Promise.reject(reply);
      if (reply === "hang") {
        return new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      }
      if ("status" in reply && typeof reply.status === "number") {
        return Promise.resolve(new Response(JSON.stringify(reply.body ?? {}), { status: reply.status }));
      }
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
    },
    message: {
      error: (t) => errors.push(t),
      success: () => undefined,
      info: () => undefined,
      warning: () => undefined,
    },
    loading: { start: () => loading.starts++, stop: () => loading.stops++ },
    session,
    reload,
    setTimeout: (fn, ms) => {
      const h = { fn, ms, cleared: false };
      timers.push(h);
      return h;
    },
    clearTimeout: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    language: () => "pt",
    t: (key) => `T(${key})`,
  };
  return { deps, errors, calls, loading, session, reload, timers };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe("request setup", () => {
  it("sends the headers, credentials and a JSON body to the prefixed path", async () => {
    const h = harness({ code: 200, data: { ok: 1 } });
    const api = createClient("/hanma", h.deps);
    await api.post("/api/tem.app_member/getMemberUser", { user_id: "u1" });
    expect(h.calls).toHaveLength(1);
    const { url, init } = h.calls[0];
    expect(url).toBe("/hanma/api/tem.app_member/getMemberUser");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    const headers = init.headers as Record<string, string>;
    expect(headers.language).toBe("pt");
    expect(headers.platform).toBe("web");
    expect(headers.Version).toBe("V2.5.3");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({ user_id: "u1" });
  });

  it("has three instances by prefix and encodes GET parameters", async () => {
    for (const prefix of ["/interface", "/hanma", "/net"] as const) {
      const h = harness({ code: 200, data: null });
      await createClient(prefix, h.deps).get("/api/upgrade.download/appSoftwareDownload", {
        language: "en",
        app_type: 1,
        name: "a b&c",
      });
      expect(h.calls[0].url).toBe(
        `${prefix}/api/upgrade.download/appSoftwareDownload?language=en&app_type=1&name=a+b%26c`,
      );
      expect(h.calls[0].init.method).toBe("GET");
      expect(h.calls[0].init.body).toBeUndefined();
    }
  });

  it("hands the whole envelope to `envelope` on success only (fields beside the payload)", async () => {
    const seen: Envelope[] = [];
    const ok = createClient("/interface", harness({ code: 200, data: [[1, 2, 3, 4]], mm: [[58, 39]] }).deps);
    const data = await ok.post("/api/x", {}, { envelope: (res) => void seen.push(res) });
    expect(data).toEqual([[1, 2, 3, 4]]);
    expect(seen.map((r) => r.mm)).toEqual([[[58, 39]]]);
    const failed = createClient("/interface", harness({ code: 209, Reason: "no" }).deps);
    await rejection(failed.post("/api/x", {}, { envelope: (res) => void seen.push(res) }));
    expect(seen).toHaveLength(1);
  });

  it("shows the loading overlay around a call unless switched off", async () => {
    const h = harness({ code: 200, data: 1 });
    const api = createClient("/interface", h.deps);
    await api.post("/a");
    expect(h.loading).toEqual({ starts: 1, stops: 1 });
    await api.post("/a", {}, { loading: false });
    expect(h.loading).toEqual({ starts: 1, stops: 1 });
    const f = harness({ code: 209, Reason: "no" });
    await rejection(createClient("/interface", f.deps).post("/a"));
    expect(f.loading).toEqual({ starts: 1, stops: 1 });
  });

  it("aborts after 60 s and reports a transport failure (tip46)", async () => {
    const h = harness("hang");
    const p = createClient("/interface", h.deps).post("/slow");
    const timer = h.timers.find((t) => t.ms === 60000);
    expect(timer).toBeDefined();
    timer?.fn();
    const e = await rejection(p);
    expect(e.kind).toBe("transport");
    expect(h.errors).toEqual(["T(tip.tip46)"]);
    expect(h.calls[0].init.signal?.aborted).toBe(true);
  });

  it("clears the timeout when the answer arrives", async () => {
    const h = harness({ code: 200, data: 1 });
    await createClient("/interface", h.deps).post("/a");
    expect(h.timers.find((t) => t.ms === 60000)?.cleared).toBe(true);
  });

  it("shows a request setup failure and does not send anything", async () => {
    const h = harness({ code: 200 });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const e = await rejection(createClient("/interface", h.deps).post("/a", circular));
    expect(e.kind).toBe("setup");
    expect(h.calls).toHaveLength(0);
    expect(h.errors).toHaveLength(1);
    expect(h.errors[0]).toMatch(/circular/i);
    expect(h.loading.starts).toBe(0);
    const bad = await rejection(createClient("/interface", h.deps).post("no-slash"));
    expect(bad.kind).toBe("setup");
    expect(h.errors[1]).toContain("no-slash");
  });
});

describe("transport failures", () => {
  it("HTTP 403 shows tip130", async () => {
    const h = harness({ status: 403 });
    const e = await rejection(createClient("/interface", h.deps).post("/a"));
    expect(e.kind).toBe("transport");
    expect(e.status).toBe(403);
    expect(h.errors).toEqual(["T(tip.tip130)"]);
  });
  it("other HTTP errors show tip46", async () => {
    for (const status of [404, 500, 502]) {
      const h = harness({ status });
      const e = await rejection(createClient("/interface", h.deps).post("/a"));
      expect(e.status).toBe(status);
      expect(h.errors).toEqual(["T(tip.tip46)"]);
    }
  });
  it("a network error shows tip46", async () => {
    const h = harness(new TypeError("Failed to fetch"));
    const e = await rejection(createClient("/interface", h.deps).post("/a"));
    expect(e.kind).toBe("transport");
    expect(h.errors).toEqual(["T(tip.tip46)"]);
  });
  it("an answer that is not a JSON envelope shows tip46", async () => {
    const h = harness({ code: 200 });
    h.deps.fetch = () => Promise.resolve(new Response("<html>proxy error</html>", { status: 200 }));
    await rejection(createClient("/interface", h.deps).post("/a"));
    h.deps.fetch = () => Promise.resolve(new Response("[1,2]", { status: 200 }));
    await rejection(createClient("/interface", h.deps).post("/a"));
    expect(h.errors).toEqual(["T(tip.tip46)", "T(tip.tip46)"]);
  });
});

describe("response codes (spec §8)", () => {
  const post = (h: Harness) => createClient("/interface", h.deps).post("/a");

  it("200 renews the token and returns Data when present", async () => {
    const h = harness({ code: 200, Data: { a: 1 }, data: "ignored", count: 3 });
    await expect(post(h)).resolves.toEqual({ a: 1 });
    expect(h.session.renew).toHaveBeenCalledTimes(1);
  });
  it("200 without Data but with count returns { list, count }", async () => {
    const h = harness({ code: 200, data: [1, 2], count: 7 });
    await expect(post(h)).resolves.toEqual({ list: [1, 2], count: 7 });
    const zero = harness({ code: 200, data: [], count: 0 });
    await expect(post(zero)).resolves.toEqual({ list: [], count: 0 });
  });
  it("200 otherwise returns data; ResultCode is read too", async () => {
    await expect(post(harness({ code: 200, data: { x: "y" } }))).resolves.toEqual({ x: "y" });
    await expect(post(harness({ ResultCode: 200, data: 5 }))).resolves.toBe(5);
    await expect(post(harness({ code: "200", data: "s" }))).resolves.toBe("s");
  });

  it("209 shows Reason and rejects", async () => {
    const h = harness({ code: 209, Reason: "Name taken", msg: "other" });
    const e = await rejection(post(h));
    expect(e.code).toBe(209);
    expect(e.response?.Reason).toBe("Name taken");
    expect(h.errors).toEqual(["Name taken"]);
    expect(h.session.renew).not.toHaveBeenCalled();
  });

  it("301 shows Reason, removes authorisation and reloads after 1 s", async () => {
    const h = harness({ code: 301, Reason: "Session expired" });
    const e = await rejection(post(h));
    expect(e.code).toBe(301);
    expect(h.errors).toEqual(["Session expired"]);
    expect(h.session.clear).toHaveBeenCalledTimes(1);
    const reloadTimer = h.timers.find((t) => t.ms === 1000);
    expect(reloadTimer).toBeDefined();
    expect(h.reload).not.toHaveBeenCalled();
    reloadTimer?.fn();
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it("500 shows Reason, else message, else msg, and rejects", async () => {
    const a = harness({ code: 500, Reason: "R", message: "M", msg: "S" });
    await rejection(post(a));
    expect(a.errors).toEqual(["R"]);
    const b = harness({ code: 500, message: "M", msg: "S" });
    await rejection(post(b));
    expect(b.errors).toEqual(["M"]);
    const c = harness({ code: 500, msg: "S" });
    const e = await rejection(post(c));
    expect(c.errors).toEqual(["S"]);
    expect(e.code).toBe(500);
  });
  it("500 without any message behaves as 401 (rejects with the whole response)", async () => {
    const h = harness({ code: 500, data: { trace: 1 } });
    const e = await rejection(post(h));
    expect(e.response).toEqual({ code: 500, data: { trace: 1 } });
    expect(h.errors).toEqual([]);
    expect(h.session.clear).not.toHaveBeenCalled();
  });

  it("401 shows Reason and rejects with the whole response", async () => {
    const h = harness({ code: 401, Reason: "Wrong password", data: { left: 2 } });
    const e = await rejection(post(h));
    expect(e.code).toBe(401);
    expect(e.response).toEqual({ code: 401, Reason: "Wrong password", data: { left: 2 } });
    expect(h.errors).toEqual(["Wrong password"]);
    expect(h.session.clear).not.toHaveBeenCalled();
  });

  it("402 and 403 reject with the response silently", async () => {
    for (const code of [402, 403]) {
      const h = harness({ code, Reason: "Become a member", message: "m", msg: "s" });
      const e = await rejection(post(h));
      expect(e.code).toBe(code);
      expect(e.response?.code).toBe(code);
      expect(h.errors).toEqual([]);
    }
  });

  it("405 shows message and rejects (with the payload for the overwrite dialog)", async () => {
    const h = harness({ code: 405, message: "Exists", Reason: "r", data: { id: "t1" } });
    const e = await rejection(post(h));
    expect(h.errors).toEqual(["Exists"]);
    expect(e.code).toBe(405);
    expect(e.response?.data).toEqual({ id: "t1" });
  });

  it("other codes show Reason, message or msg when present and reject", async () => {
    const a = harness({ code: 404, msg: "No such path" });
    const e = await rejection(post(a));
    expect(a.errors).toEqual(["No such path"]);
    expect(e.code).toBe(404);
    const b = harness({ code: 413, Reason: "Too large", msg: "x" });
    await rejection(post(b));
    expect(b.errors).toEqual(["Too large"]);
  });
  it("other codes without a message show nothing", async () => {
    const h = harness({ code: 777 });
    const e = await rejection(post(h));
    expect(h.errors).toEqual([]);
    expect(e.code).toBe(777);
    const none = harness({ data: 1 } as Envelope);
    const e2 = await rejection(post(none));
    expect(none.errors).toEqual([]);
    expect(e2.code).toBeNull();
  });
});
