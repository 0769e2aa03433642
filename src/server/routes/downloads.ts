// The print assistant's downloads (spec §7 calls 29 and 30: the installer's URL for the visitor's
// system) and the list the download centre (/download) shows: version, size and SHA-256 of each.
import { downloadUrl, packageFor, readManifest } from "../downloads";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";

const visitor = (ctx: Ctx) =>
  [String(ctx.req.headers["user-agent"] ?? ""), String(ctx.req.headers["sec-ch-ua-arch"] ?? "")] as const;

async function installerUrl(ctx: Ctx) {
  const m = await readManifest(ctx.config.downloadsDir);
  const p = m && packageFor(m, ...visitor(ctx));
  if (!m || !p) throw new ApiError(Code.failed, "server.download.none");
  return ok({ url: downloadUrl(ctx.origin, p), file: p.file, version: m.version, sha256: p.sha256 });
}

export const downloadRoutes: Routes = {
  // call 29: sing_data (an encrypted product name in the original) is not needed to pick the package
  "/api/upgrade.firmware/singAppDownload": { get: true, auth: false, handle: installerUrl },
  // call 30: language, app_type 1, package name, type 1
  "/api/upgrade.download/appSoftwareDownload": { get: true, auth: false, handle: installerUrl },
  "/api/assistant/downloads": {
    get: true,
    auth: false,
    async handle(ctx) {
      const m = await readManifest(ctx.config.downloadsDir);
      if (!m) return ok({ version: "", packages: [], recommended: "" });
      const rec = packageFor(m, ...visitor(ctx));
      return ok({
        version: m.version,
        built: m.built,
        recommended: rec?.id ?? "",
        packages: m.packages.map((p) => ({ ...p, url: downloadUrl(ctx.origin, p) })),
      });
    },
  },
};
