// GET /api/v1/templates/<id> (issue 39; docs/api.md "Print API"): one template's label file, the
// version the token's owner prints, for software that prints it itself (the assistant's hot
// folder). Answers an ETag; a request whose If-None-Match names it gets 304 and no body, so an
// unchanged template is not sent again.
import { parseLabelFile, serializeTprt } from "../../model/file";
import { apiCaller } from "../auth/apiToken";
import { ownKeyFromUrl } from "../files/urls";
import { type Ctx, ok, type Route } from "../http/context";
import { ApiError, answeredCodes, Code } from "../http/envelope";
import { matchesTag, readableTemplate, templateTag } from "../services/apiTemplate";

export const TEMPLATE_PATH = "/api/v1/templates/";

async function template(ctx: Ctx) {
  const { userId } = await apiCaller(ctx, "templates:read");
  const id = String(ctx.fields.$param ?? "");
  const found = await readableTemplate(ctx.db, userId, id).catch((e: unknown) => {
    // another user's, a team's the caller is not in, deleted, unknown: HTTP 404, the same message
    if (e instanceof ApiError && e.code === Code.failed && e.key === "server.error.itemNotFound")
      throw new ApiError(Code.failed, e.key, {}, null, 404);
    throw e;
  });
  const { version, space } = found;
  const tag = templateTag(version);
  ctx.res.setHeader("ETag", tag);
  if (matchesTag(ctx.req.headers["if-none-match"], tag)) {
    ctx.res.statusCode = 304;
    ctx.res.setHeader("Cache-Control", "private, no-cache");
    answeredCodes.set(ctx.res, 304);
    ctx.res.end();
    return { data: null, streamed: true };
  }
  const key = ownKeyFromUrl(space.id, version.file_url);
  const bytes = key ? await ctx.files.get(key) : null;
  const parsed = bytes ? parseLabelFile(bytes, version.template.name) : null;
  if (!parsed?.ok) throw new ApiError(Code.failed, "server.apiPrint.labelFile");
  return ok({
    id,
    name: version.template.name,
    version: version.number,
    width: version.width,
    height: version.height,
    // the label file as .tprt XML (docs/file-format.md), whatever format it is stored in
    label: serializeTprt(parsed.doc),
  });
}

export const templateRoute: Route = { get: true, auth: false, handle: template };
