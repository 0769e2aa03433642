// All API routes, by path below the prefix (/interface, /hanma, /net).
import type { Route, Routes } from "../http/context";
import { accountRoutes } from "./accounts";
import { aiRoutes } from "./ai";
import { TEMPLATE_PATH, templateRoute } from "./apiTemplate";
import { apiTokenRoutes } from "./apiTokens";
import { apiV1Routes, cancelRoute, JOBS_PATH, jobRoute } from "./apiV1";
import { cloudRoutes } from "./cloud";
import { counterRoutes } from "./counters";
import { dbSourceRoutes } from "./dbSources";
import { deviceRoutes } from "./devices";
import { docPrintRoutes } from "./docprint";
import { downloadRoutes } from "./downloads";
import { feedbackRoutes } from "./feedback";
import { putb64Route, uploadRoutes } from "./files";
import { iconRoutes } from "./icons";
import { industryRoutes } from "./industry";
import { memberRoutes } from "./member";
import { miscRoutes } from "./misc";
import { oidcRoutes } from "./oidc";
import { openApiRoutes } from "./openapi";
import { personalRoutes } from "./personal";
import { printRecordRoutes } from "./printRecords";
import { recoveryRoutes } from "./recovery";
import { settingsRoutes } from "./settings";
import { sharingRoutes } from "./sharing";
import { stationRoutes } from "./station";
import { teamAuditRoutes } from "./teamAudit";
import { teamRoutes } from "./teams";
import { templateRoutes } from "./templates";
import { templateVersionRoutes } from "./templateVersions";
import { tourRoutes } from "./tours";
import { webhookRoutes } from "./webhooks";

export const allRoutes: Routes = Object.assign(
  Object.create(null) as Routes,
  accountRoutes,
  personalRoutes,
  templateRoutes,
  templateVersionRoutes,
  teamRoutes,
  stationRoutes,
  teamAuditRoutes,
  cloudRoutes,
  uploadRoutes,
  miscRoutes,
  memberRoutes,
  iconRoutes,
  deviceRoutes,
  printRecordRoutes,
  oidcRoutes,
  sharingRoutes,
  feedbackRoutes,
  tourRoutes,
  recoveryRoutes,
  docPrintRoutes,
  downloadRoutes,
  industryRoutes,
  settingsRoutes,
  aiRoutes,
  apiTokenRoutes,
  dbSourceRoutes,
  counterRoutes,
  apiV1Routes,
  openApiRoutes,
  webhookRoutes,
);

const PUTB64 = "/putb64/-1/key/";

/** The route for a path below the API prefix, with its pattern (the path, or `/putb64/-1/key/*`:
 * what logs and metrics name, never the raw path with its ids) and the parameter. */
export function matchRoute(path: string): { route: Route; pattern: string; param: string } | null {
  const r = allRoutes[path];
  if (r) return { route: r, pattern: path, param: "" };
  const job = path.startsWith(JOBS_PATH)
    ? /^([A-Za-z0-9]{1,64})(\/cancel)?$/.exec(path.slice(JOBS_PATH.length))
    : null;
  if (job)
    return job[2]
      ? { route: cancelRoute, pattern: `${JOBS_PATH}*/cancel`, param: job[1] }
      : { route: jobRoute, pattern: `${JOBS_PATH}*`, param: job[1] };
  const template = path.startsWith(TEMPLATE_PATH)
    ? /^([A-Za-z0-9]{1,64})$/.exec(path.slice(TEMPLATE_PATH.length))
    : null;
  if (template) return { route: templateRoute, pattern: `${TEMPLATE_PATH}*`, param: template[1] };
  if (path.startsWith(PUTB64))
    return { route: putb64Route, pattern: `${PUTB64}*`, param: path.slice(PUTB64.length) };
  return null;
}
