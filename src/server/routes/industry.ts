// The industry template library (issue 16): its industries and templates, named in the caller's
// language (published in it on the first ask). Opening one is the usual file fetch
// (/files/_library/…) and the usage calls 21–22.
import { ok, type Routes } from "../http/context";

export const industryRoutes: Routes = {
  "/api/tem.app_public/getIndustryTemplateList": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await ctx.industry.listing(ctx.lang));
    },
  },
};
