// The one request client of the app (spec §7): three instances by prefix, wired to the browser:
// window.fetch, the toast service, the loading overlay, the stored session, i18next and location.reload.

import { session } from "../auth/session";
import i18n from "../i18n";
import { currentSpace } from "../teams/space";
import { loading } from "../ui/loading";
import { message } from "../ui/message";
import { type ClientDeps, createClient } from "./core";

const deps: ClientDeps = {
  fetch: (url, init) => fetch(url, init),
  message,
  loading,
  session,
  reload: () => window.location.reload(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  language: () => i18n.language,
  t: (key) => i18n.t(key),
  space: () => currentSpace()?.id ?? "",
};

export const interfaceApi = createClient("/interface", deps);
export const hanmaApi = createClient("/hanma", deps);
export const netApi = createClient("/net", deps);
export { type ApiClient, ApiError, type Envelope, type RequestOptions } from "./core";
