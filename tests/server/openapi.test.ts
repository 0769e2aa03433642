// The print API's OpenAPI 3.1 document (issue 39): served below every API prefix, well formed
// (every operation answers something, every $ref resolves, the security scheme exists), every
// operation it lists is a route the server answers with that method, and a real answer of each
// operation fits the schema the document gives for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchRoute } from "../../src/server/routes";
import { addTemplate, ENGINES, newUser, startServer, type TestServer } from "./helpers";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type Json = any;

/** Every "$ref" in the document. */
function refsIn(v: Json, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refsIn(x, out);
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) k === "$ref" ? out.push(String(x)) : refsIn(x, out);
  return out;
}

const resolve = (doc: Json, ref: string): Json =>
  ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((o, k) => o?.[k], doc);

/** Where `value` does not fit `schema` (the keywords the document uses), or [] when it does. */
function misfits(doc: Json, schema: Json, value: Json, at = "$"): string[] {
  if (schema.$ref) return misfits(doc, resolve(doc, schema.$ref), value, at);
  if (schema.oneOf) {
    const fits = schema.oneOf.filter((o: Json) => misfits(doc, o, value, at).length === 0).length;
    return fits === 1 ? [] : [`${at}: fits ${fits} of oneOf`];
  }
  const out: string[] = [];
  if ("const" in schema && value !== schema.const) out.push(`${at}: not ${schema.const}`);
  if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: not one of ${schema.enum}`);
  const type = schema.type;
  const is: Record<string, (x: Json) => boolean> = {
    object: (x) => x !== null && typeof x === "object" && !Array.isArray(x),
    array: Array.isArray,
    string: (x) => typeof x === "string",
    boolean: (x) => typeof x === "boolean",
    integer: Number.isInteger,
    number: (x) => typeof x === "number",
  };
  if (type && !is[type]?.(value)) return [...out, `${at}: not ${type}`];
  for (const r of schema.required ?? []) if (!(r in value)) out.push(`${at}.${r}: missing`);
  for (const [k, s] of Object.entries(schema.properties ?? {}))
    if (value && k in value) out.push(...misfits(doc, s, value[k], `${at}.${k}`));
  if (type === "array" && schema.items)
    for (const [i, x] of (value as Json[]).entries())
      out.push(...misfits(doc, schema.items, x, `${at}[${i}]`));
  return out;
}

describe.each(ENGINES)("the OpenAPI document on $name", (engine) => {
  let s: TestServer;
  let doc: Json;
  beforeAll(async () => {
    s = await startServer(engine);
    const r = await fetch(`${s.base}/interface/api/v1/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    doc = await r.json();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("is an OpenAPI 3.1 document, well formed", async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe("string");
    expect(typeof doc.info.version).toBe("string");
    expect(doc.servers[0].url).toBe(`${s.base}/interface`);
    // the same document below another prefix names that prefix
    const net = await (await fetch(`${s.base}/net/api/v1/openapi.json`)).json();
    expect(net.servers[0].url).toBe(`${s.base}/net`);
    for (const ref of refsIn(doc)) expect(resolve(doc, ref), ref).toBeTruthy();
    for (const req of doc.security)
      for (const name of Object.keys(req)) expect(doc.components.securitySchemes[name]).toBeTruthy();
    const ops = Object.entries(doc.paths).flatMap(([path, item]: [string, Json]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ path, op: item[m] })),
    );
    expect(ops.length).toBeGreaterThan(0);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of ops) {
      expect(path.startsWith("/"), path).toBe(true);
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => /^2\d\d$/.test(c)),
        path,
      ).toBe(true);
      for (const c of codes) expect(typeof op.responses[c].description, `${path} ${c}`).toBe("string");
    }
  });

  it("lists only routes the server answers, with their methods", async () => {
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      // a path parameter stands for a sample value
      const real = path.replace(/\{[^}]+\}/g, "x1");
      const found = matchRoute(real);
      expect(found, path).not.toBeNull();
      if (item.get) expect(found?.route.get, `${path} GET`).toBe(true);
      if (item.post) expect(found?.route.get, `${path} POST only`).toBeFalsy();
      // answered, not "unknown path": without a token, the document's 401
      const r = await fetch(`${s.base}/interface${real}`, { method: item.get ? "GET" : "POST" });
      expect(r.status, path).toBe(401);
    }
  });

  it("describes the real answers", async () => {
    const { client, user } = await newUser(s.base, "oa");
    const shelf = await addTemplate(client, user.userid, "Shelf");
    const created = await client.call("/api/token/create", {
      name: "doc",
      scopes: ["templates:read"],
      days: 7,
    });
    const token = created.body.data.token;
    const op = doc.paths["/api/v1/templates"].get;
    const ok = await fetch(`${s.base}/interface/api/v1/templates?page=1&size=2`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await ok.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(misfits(doc, op.responses["200"].content["application/json"].schema, body)).toEqual([]);
    const refused = await fetch(`${s.base}/interface/api/v1/templates`);
    expect(
      misfits(doc, op.responses["401"].content["application/json"].schema, await refused.json()),
    ).toEqual([]);
    // one template's label file (200), unchanged (304, no body), another's or unknown (404)
    const oneOp = doc.paths["/api/v1/templates/{id}"].get;
    const one = await fetch(`${s.base}/interface/api/v1/templates/${shelf.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const oneBody = await one.json();
    expect(oneBody.data.label).toContain("<LabelFile");
    expect(misfits(doc, oneOp.responses["200"].content["application/json"].schema, oneBody)).toEqual([]);
    const same = await fetch(`${s.base}/interface/api/v1/templates/${shelf.id}`, {
      headers: { authorization: `Bearer ${token}`, "if-none-match": String(one.headers.get("etag")) },
    });
    expect([same.status, await same.text()]).toEqual([304, ""]);
    expect(oneOp.responses["304"]).toBeTruthy();
    const none = await fetch(`${s.base}/interface/api/v1/templates/nosuchtemplate`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(none.status).toBe(404);
    expect(
      misfits(doc, oneOp.responses["404"].content["application/json"].schema, await none.json()),
    ).toEqual([]);
    // the print call's refusal (209) and an unknown job (404) fit their schemas too
    const printer = (await client.call("/api/token/create", { name: "p", scopes: ["print"], days: 7 })).body
      .data.token;
    const headers = { authorization: `Bearer ${printer}`, "content-type": "application/json" };
    const printOp = doc.paths["/api/v1/print"].post;
    const refusedPrint = await fetch(`${s.base}/interface/api/v1/print`, {
      method: "POST",
      headers,
      body: JSON.stringify({ template_id: "x", records: [{ a: "1" }], target: "none" }),
    });
    const printBody = await refusedPrint.json();
    expect(printBody.code).toBe(209);
    expect(misfits(doc, printOp.responses["200"].content["application/json"].schema, printBody)).toEqual([]);
    const noJob = await fetch(`${s.base}/interface/api/v1/jobs/nosuchjob`, { headers });
    expect(noJob.status).toBe(404);
    const jobOp = doc.paths["/api/v1/jobs/{id}"].get;
    expect(
      misfits(doc, jobOp.responses["404"].content["application/json"].schema, await noJob.json()),
    ).toEqual([]);
    const noCancel = await fetch(`${s.base}/interface/api/v1/jobs/nosuchjob/cancel`, {
      method: "POST",
      headers,
    });
    expect(noCancel.status).toBe(404);
    const cancelOp = doc.paths["/api/v1/jobs/{id}/cancel"].post;
    expect(
      misfits(doc, cancelOp.responses["404"].content["application/json"].schema, await noCancel.json()),
    ).toEqual([]);
    // a job for a printer of a print assistant: the answer, the job, its cancel (cancelling) and the
    // refusals of an assistant that is not the user's or a printer it does not list
    const dev = (await client.call("/api/device/bind", { name: "Desk" })).body.data;
    await fetch(`${s.base}/interface/api/device/poll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sn: dev.sn, key: dev.key, wait: 0, printers: ["Dock"] }),
    });
    const post = (target: unknown) =>
      fetch(`${s.base}/interface/api/v1/print`, {
        method: "POST",
        headers,
        body: JSON.stringify({ template_id: shelf.id, records: [{ a: "1" }], target }),
      });
    const queued = await post({ assistant: dev.sn, printer: "Dock" });
    const queuedBody = await queued.json();
    expect(queuedBody).toMatchObject({ code: 200, data: { status: "queued" } });
    // (a success fits the Error schema too: the success branch is checked on its own)
    const accepted = printOp.responses["200"].content["application/json"].schema.oneOf[0];
    expect(misfits(doc, accepted, queuedBody)).toEqual([]);
    const jobBody = await (
      await fetch(`${s.base}/interface/api/v1/jobs/${queuedBody.data.job_id}`, { headers })
    ).json();
    expect(jobBody.data.target).toEqual({ assistant: dev.sn, printer: "Dock" });
    expect(misfits(doc, jobOp.responses["200"].content["application/json"].schema, jobBody)).toEqual([]);
    // taken by the assistant's poll and acknowledged: cancelling, no longer cancelled at once
    const take = (path: string, body: Record<string, unknown>) =>
      fetch(`${s.base}/interface${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sn: dev.sn, key: dev.key, ...body }),
      });
    await take("/api/device/poll", { wait: 0 });
    await take("/api/device/ack", { job_id: queuedBody.data.job_id });
    const cancelling = await (
      await fetch(`${s.base}/interface/api/v1/jobs/${queuedBody.data.job_id}/cancel`, {
        method: "POST",
        headers,
      })
    ).json();
    expect(cancelling.data).toMatchObject({ status: "queued", cancelling: true });
    expect(misfits(doc, cancelOp.responses["200"].content["application/json"].schema, cancelling)).toEqual(
      [],
    );
    for (const [target, status] of [
      [{ assistant: "INKNONE", printer: "Dock" }, 404],
      [{ assistant: dev.sn, printer: "Cellar" }, 422],
      [{ printer: "Dock" }, 400],
    ] as const) {
      const r = await post(target);
      expect(r.status).toBe(status);
      expect(
        misfits(doc, printOp.responses[String(status)].content["application/json"].schema, await r.json()),
      ).toEqual([]);
    }
    // the checker does catch a misfit
    expect(
      misfits(doc, op.responses["200"].content["application/json"].schema, { code: 200, data: [{}] }),
    ).not.toEqual([]);
  });
});
