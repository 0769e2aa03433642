// The print API's OpenAPI 3.1 document (issue 39), served at /api/v1/openapi.json below every API
// prefix. It lists the token-called routes of routes/apiV1.ts; tests/server/openapi.test.ts checks
// its structure and that every operation it lists is a route the server answers.
import { API_SCOPES } from "../../model/apiTokens";
import { APP_VERSION } from "../../model/version";
import type { Ctx, Routes } from "../http/context";
import { IDEMPOTENCY_HOURS } from "../services/apiIdempotency";
import { MAX_API_COPIES, MAX_API_LABELS, MAX_API_RECORDS } from "../services/apiPrint";
import { WEBHOOK_ATTEMPTS, WEBHOOK_EVENTS } from "../services/webhooks";
import { API_PAGE_MAX } from "./apiV1";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The answer of a call that succeeded: code 200, a message and `data` of this schema. */
const success = (data: object) => ({
  type: "object",
  required: ["code", "data", "msg"],
  properties: { code: { const: 200 }, msg: { type: "string" }, data },
});

/** A 200 answer whose data is one job. */
const jobResponse = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["code", "data"],
        properties: { code: { const: 200 }, data: { $ref: "#/components/schemas/Job" } },
      },
    },
  },
});

/** The document for a server whose API prefix is reached at `base` (e.g. https://x/interface). */
export function openApiDocument(base: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Inkless print API",
      version: APP_VERSION,
      description:
        "Called by other software with a personal access token made in the personal centre (API tokens). " +
        "Answers are the Inkless envelope { code, data, msg }; refusals carry HTTP 401, 403 or 429.",
    },
    servers: [{ url: base }],
    security: [{ token: [] }],
    paths: {
      "/api/v1/templates": {
        get: {
          operationId: "listTemplates",
          summary: "The user's templates, newest first",
          description: "Needs the templates:read scope.",
          parameters: [
            { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
            {
              name: "size",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: API_PAGE_MAX, default: API_PAGE_MAX },
            },
          ],
          responses: {
            "200": {
              description: "A page of templates and how many there are",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["code", "data", "msg", "count"],
                    properties: {
                      code: { const: 200 },
                      msg: { type: "string" },
                      count: { type: "integer" },
                      data: { type: "array", items: { $ref: "#/components/schemas/Template" } },
                    },
                  },
                },
              },
            },
            "401": errorResponse("No token, or a token that is not valid, revoked or expired"),
            "403": errorResponse("The token lacks the templates:read scope"),
            "429": errorResponse(
              "Too many refused tokens from this address, or too many calls with this token",
            ),
          },
        },
      },
      "/api/v1/templates/{id}": {
        get: {
          operationId: "getTemplate",
          summary: "One template's label file, the version the token's owner prints",
          description:
            "Needs the templates:read scope. The token owner's own template, or a template of a team they belong to " +
            "(every role reads it; an operator or viewer in a folder that needs approval gets the latest approved " +
            "version, as printing does). Shared templates are not read through the API. The answer carries an ETag; " +
            "send it back in If-None-Match and an unchanged template answers 304 with no body.",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            {
              name: "If-None-Match",
              in: "header",
              required: false,
              description: "the ETag of the copy the caller holds",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description:
                "The template, or a refusal (code 209: its label file cannot be read, no approved version yet)",
              headers: { ETag: { schema: { type: "string" }, description: "send it back in If-None-Match" } },
              content: {
                "application/json": {
                  schema: {
                    oneOf: [
                      success({ $ref: "#/components/schemas/TemplateFile" }),
                      {
                        type: "object",
                        required: ["code", "msg"],
                        properties: { code: { const: 209 }, data: {}, msg: { type: "string" } },
                      },
                    ],
                  },
                },
              },
            },
            "304": { description: "Unchanged since the ETag sent in If-None-Match: no body" },
            "401": errorResponse("No token, or a token that is not valid, revoked or expired"),
            "403": errorResponse("The token lacks the templates:read scope"),
            "404": errorResponse(
              "No such template the token's owner may read (another user's, deleted, unknown)",
            ),
            "429": errorResponse(
              "Too many refused tokens from this address, or too many calls with this token",
            ),
          },
        },
      },
      "/api/v1/print": {
        post: {
          operationId: "print",
          summary: "Print a cloud template with records on a cloud device or a printer of a print assistant",
          description:
            "Needs the print scope. Each record is an object of field values by column name: a field of the " +
            "label bound to a spreadsheet column takes the value of that column's name. One label per record, " +
            "each repeated copies times, drawn at 203 dpi. The answer comes at once (status drawing); once its " +
            "labels are drawn the job is queued for the device (GET the job, or a webhook, for its state). " +
            "A printer of a print assistant linked to the space (target { assistant, printer }) gets the job " +
            "in that assistant's durable print queue instead: answered queued, delivered when the assistant " +
            "polls (once, keyed by the job id), its state following the queue. " +
            "Body at most 1 MiB. " +
            `With an Idempotency-Key, a request repeated within ${IDEMPOTENCY_HOURS} h with the same key and ` +
            "the same body (byte for byte) answers the first request's job instead of printing again.",
          parameters: [
            {
              name: "X-Inkless-Space",
              in: "header",
              required: false,
              description:
                "a team's id: print the team's template on the team's device (the token owner's role must allow printing)",
              schema: { type: "string" },
            },
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: `1–255 visible ASCII characters, unique per request of this user; kept ${IDEMPOTENCY_HOURS} h`,
              schema: { type: "string", minLength: 1, maxLength: 255 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["template_id", "records", "target"],
                  properties: {
                    template_id: {
                      type: "string",
                      description: "one of the user's templates (GET /api/v1/templates)",
                    },
                    records: {
                      type: "array",
                      minItems: 1,
                      maxItems: MAX_API_RECORDS,
                      items: { type: "object", additionalProperties: { type: ["string", "number"] } },
                    },
                    target: {
                      oneOf: [
                        { type: "string", description: "the serial (sn) of one of the user's cloud devices" },
                        { $ref: "#/components/schemas/AssistantTarget" },
                      ],
                    },
                    copies: { type: "integer", minimum: 1, maximum: MAX_API_COPIES, default: 1 },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: `The job is accepted (code 200): its labels are being drawn (status drawing), then it is queued for the device, or the request is refused (code 209 with msg: not the user's template or device, records, copies, more than ${MAX_API_LABELS} labels, a printer that says it cannot print)`,
              content: {
                "application/json": {
                  schema: {
                    oneOf: [
                      success({
                        type: "object",
                        required: ["job_id", "status", "labels", "version"],
                        properties: {
                          job_id: { type: "string" },
                          status: {
                            enum: ["drawing", "queued"],
                            description: "drawing for a cloud device, queued for a print assistant's printer",
                          },
                          labels: { type: "integer" },
                          version: {
                            type: "integer",
                            description:
                              "the template version printed (an operator of a team: the latest approved one)",
                          },
                        },
                      }),
                      { $ref: "#/components/schemas/Error" },
                    ],
                  },
                },
              },
            },
            "400": errorResponse("target is neither a device serial nor { assistant, printer }"),
            "401": errorResponse("No token, or a token that is not valid, revoked or expired"),
            "403": errorResponse("The token lacks the print scope"),
            "404": errorResponse("The assistant is not linked to the user (or the team), or does not exist"),
            "422": errorResponse(
              "The assistant lists no printer of that name, or has not listed its printers yet",
            ),
            "409": errorResponse(
              "The Idempotency-Key was used with another body, or its first request is still running",
            ),
            "413": errorResponse("The body is over 1 MiB"),
            "429": errorResponse(
              "Too many refused tokens from this address, or too many calls with this token",
            ),
          },
        },
      },
      "/api/v1/jobs/{id}": {
        get: {
          operationId: "getJob",
          summary: "A print job's state",
          description: "Needs the print scope; only the user's own jobs.",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": jobResponse("The job"),
            "401": errorResponse("No token, or a token that is not valid, revoked or expired"),
            "403": errorResponse("The token lacks the print scope"),
            "404": errorResponse("No such job of this user"),
          },
        },
      },
      "/api/v1/jobs/{id}/cancel": {
        post: {
          operationId: "cancelJob",
          summary: "Cancel a job no device has taken yet, or one in a print assistant's queue",
          description:
            "Needs the print scope; only the user's own jobs. A drawing or queued job becomes cancelled and is never " +
            "printed; a job in a print assistant's queue is answered with cancelling: true and leaves that queue at " +
            "the assistant's next poll (then cancelled, with the labels printed so far); a job a cloud device has " +
            "taken (sent, printing) or that ended answers 409 with the job as it is.",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": jobResponse("The job, cancelled"),
            "401": errorResponse("No token, or a token that is not valid, revoked or expired"),
            "403": errorResponse("The token lacks the print scope"),
            "404": errorResponse("No such job of this user"),
            "409": errorResponse("The job was taken by its device or has ended: data is the job"),
          },
        },
      },
    },
    // what the user's webhook receives (docs/api.md "Webhooks"); the URL is set in the personal centre
    webhooks: {
      jobEnded: {
        post: {
          operationId: "jobEnded",
          summary: "A print job of the user ended (done or failed)",
          description:
            "POSTed to the URL saved in the personal centre. X-Inkless-Signature is sha256= and the hex " +
            "HMAC-SHA256 of `<X-Inkless-Timestamp>.<body>` with the webhook's secret; refuse old timestamps. " +
            `Retried with backoff until a 2xx answer, ${WEBHOOK_ATTEMPTS} tries in all.`,
          parameters: [
            { name: "X-Inkless-Event", in: "header", required: true, schema: { enum: WEBHOOK_EVENTS } },
            { name: "X-Inkless-Delivery", in: "header", required: true, schema: { type: "string" } },
            { name: "X-Inkless-Timestamp", in: "header", required: true, schema: { type: "integer" } },
            { name: "X-Inkless-Signature", in: "header", required: true, schema: { type: "string" } },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "event", "created", "data"],
                  properties: {
                    id: { type: "string", description: "the delivery (the same on every retry)" },
                    event: { enum: WEBHOOK_EVENTS },
                    created: { type: "string", description: "ISO time" },
                    data: { $ref: "#/components/schemas/Job" },
                  },
                },
              },
            },
          },
          responses: { "200": { description: "Any 2xx answer accepts the delivery" } },
        },
      },
    },
    components: {
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          description: `A personal access token, ink_…; scopes: ${API_SCOPES.join(", ")}`,
        },
      },
      schemas: {
        Job: {
          type: "object",
          required: ["job_id", "target", "status", "labels", "copies"],
          properties: {
            job_id: { type: "string" },
            target: {
              oneOf: [
                { type: "string", description: "the device's serial" },
                { $ref: "#/components/schemas/AssistantTarget" },
              ],
            },
            status: {
              enum: ["drawing", "queued", "sent", "printing", "paused", "done", "failed", "cancelled"],
              description:
                "a print assistant's job: queued, printing, paused, done, failed or cancelled, as its queue",
            },
            labels: { type: "integer", description: "labels printed in all (records × copies)" },
            printed: { type: "integer", description: "a print assistant's job: labels printed so far" },
            reason: {
              type: "string",
              description:
                "a paused job: why (paperOut, headOpen, ribbonOut, paused, connectionLost, user, restarted…)",
            },
            cancelling: {
              type: "boolean",
              description: "cancel was asked; the assistant removes it from its queue at its next poll",
            },
            copies: { type: "integer" },
            msg: { type: "string", description: "why it failed, as the device said" },
            add_time: { type: "string" },
            done_time: { type: "string", description: "empty until done or failed" },
          },
        },
        AssistantTarget: {
          type: "object",
          required: ["assistant", "printer"],
          description:
            "a network printer of a print assistant linked to the user (or the team) as a cloud device",
          properties: {
            assistant: { type: "string", description: "the assistant's serial (sn)" },
            printer: { type: "string", description: "the name of one of its network printers" },
          },
        },
        Error: {
          type: "object",
          required: ["code", "msg"],
          properties: {
            code: { type: "integer" },
            data: {},
            msg: { type: "string", description: "In the language of the language header" },
          },
        },
        TemplateFile: {
          type: "object",
          required: ["id", "name", "version", "width", "height", "label"],
          properties: {
            id: { type: "string" },
            name: { type: "string" },
            version: { type: "integer", description: "the version number this label file is" },
            width: { type: "number", description: "mm" },
            height: { type: "number", description: "mm" },
            label: { type: "string", description: "the label file as .tprt XML text" },
          },
        },
        Template: {
          type: "object",
          required: ["id", "name", "width", "height"],
          properties: {
            id: { type: "string" },
            parent_id: { type: "string", description: "its folder" },
            name: { type: "string" },
            width: { type: "number", description: "mm" },
            height: { type: "number", description: "mm" },
            file_web: { type: "string" },
            image: { type: "string" },
            remark: { type: "string" },
            platform: { type: "integer" },
            add_time: { type: "string" },
            update_time: { type: "string" },
            version: { type: "integer" },
          },
        },
      },
    },
  };
}

/** The API prefix this request came through, e.g. /interface (the document's server URL). */
function prefixOf(ctx: Ctx): string {
  const url = String(ctx.req.url ?? "");
  const at = url.indexOf(ctx.path);
  return at > 0 ? url.slice(0, at) : "/interface";
}

export const openApiRoutes: Routes = {
  // not an envelope: the document itself, open to anyone (it describes, it grants nothing)
  "/api/v1/openapi.json": {
    get: true,
    auth: false,
    async handle(ctx) {
      const body = JSON.stringify(openApiDocument(ctx.origin + prefixOf(ctx)), null, 2);
      ctx.res.statusCode = 200;
      ctx.res.setHeader("Content-Type", "application/json; charset=utf-8");
      ctx.res.setHeader("Cache-Control", "no-cache");
      ctx.res.setHeader("X-Content-Type-Options", "nosniff");
      ctx.res.end(body);
      return { data: null, streamed: true };
    },
  },
};
