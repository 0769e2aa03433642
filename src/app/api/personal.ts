// The personal centre's calls (ours, documented in docs/api.md "Personal centre"): the sign-in
// methods, the "Export my data" download and account cancellation.
import { session } from "../auth/session";
import { interfaceApi } from "./client";

export interface SignInMethods {
  /** the account has a password (else it signs in through a provider only) */
  readonly password: boolean;
  readonly providers: readonly { readonly id: string; readonly name: string; readonly email: string }[];
}

export async function signInMethods(): Promise<SignInMethods> {
  const d = await interfaceApi.post<Record<string, unknown>>(
    "/api/user/signInMethods",
    {},
    { loading: false },
  );
  const list = Array.isArray(d?.providers) ? (d.providers as Record<string, unknown>[]) : [];
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    password: d?.password !== false,
    providers: list.map((p) => ({ id: s(p?.id), name: s(p?.name), email: s(p?.email) })).filter((p) => p.id),
  };
}

/** The download address of the user's zip (a plain GET the browser saves). */
export const EXPORT_DATA_URL = "/interface/api/user/exportData";

/** Cancels the account; on success the local authorisation is removed too. */
export async function cancelAccount(confirm: string, password: string): Promise<void> {
  await interfaceApi.post("/api/user/cancelAccount", { confirm, password });
  session.clear();
}
