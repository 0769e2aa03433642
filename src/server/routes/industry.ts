// The industry template library (issue 16): its industries and templates, named in the caller's
// language. Opening one is the usual file fetch (/files/_library/…) and the usage calls 21–22.
import { ok, type Routes } from "../http/context";
import { industryListing } from "../seed/industryLibrary";

export const industryRoutes: Routes = {
  "/api/tem.app_public/getIndustryTemplateList": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await industryListing(ctx.files, ctx.lang));
    },
  },
};
