// The print API's OpenAPI 3.1 document (issue 39), served at /api/v1/openapi.json below every API
// prefix. It lists the token-called routes of routes/apiV1.ts; tests/server/openapi.test.ts checks
// its structure and that every operation it lists is a route the server answers.
import { API_SCOPES } from "../../model/apiTokens";
import type { Ctx, Routes } from "../http/context";
import { APP_VERSION } from "../version";
import { API_PAGE_MAX } from "./apiV1";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
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
        Error: {
          type: "object",
          required: ["code", "msg"],
          properties: {
            code: { type: "integer" },
            data: {},
            msg: { type: "string", description: "In the language of the language header" },
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
