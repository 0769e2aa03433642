// Signing in with another account (OpenID Connect; docs/api.md "Signing in with another account"):
// the configured providers, the start of a sign-in, the provider's answer, and binding the identity.
import { session, type UserInfo } from "../auth/session";
import { loadSignInState } from "../settings/userSettings";
import { asUser } from "./account";
import { interfaceApi } from "./client";

export interface OidcProvider {
  readonly id: string;
  readonly name: string;
}

/** The identity a provider proved, waiting to be linked to an account. */
export interface PendingIdentity {
  readonly provider: string;
  readonly email: string;
  readonly name: string;
}

export type SignInResult = { status: "signedIn"; redirect: string } | ({ status: "bind" } & PendingIdentity);

const text = (v: unknown) => (typeof v === "string" ? v : "");

export async function oidcProviders(): Promise<OidcProvider[]> {
  const data = await interfaceApi.get<unknown>("/api/oidc/providers", undefined, { loading: false });
  return Array.isArray(data)
    ? data.map((p) => ({ id: text(p?.id), name: text(p?.name) })).filter((p) => p.id && p.name)
    : [];
}

/** The provider's sign-in page for a new sign-in of this browser. */
export async function oidcStart(provider: string, redirect: string | null): Promise<string> {
  const data = await interfaceApi.post<{ url?: unknown }>("/api/oidc/start", {
    provider,
    redirect: redirect ?? "",
  });
  const url = text(data?.url);
  if (!/^https?:\/\//.test(url)) throw new Error("start answer without a URL");
  return url;
}

function signedIn(data: Record<string, unknown> | null): SignInResult {
  const user: UserInfo | null = asUser(data?.user);
  if (!user) throw new Error("sign-in answer without a user");
  session.login(user);
  // the settings follow the user: loaded in the background, the page does not wait for them
  loadSignInState().catch(() => undefined);
  return { status: "signedIn", redirect: text(data?.redirect) };
}

/** Hands the provider's answer (the query /thirdLogin received) to the server. */
export async function oidcCallback(query: string): Promise<SignInResult> {
  const data = await interfaceApi.post<Record<string, unknown> | null>("/api/oidc/callback", { query });
  if (data?.status === "bind")
    return { status: "bind", provider: text(data.provider), email: text(data.email), name: text(data.name) };
  return signedIn(data);
}

export async function oidcPending(): Promise<PendingIdentity> {
  const data = await interfaceApi.get<Record<string, unknown> | null>("/api/oidc/binding");
  return { provider: text(data?.provider), email: text(data?.email), name: text(data?.name) };
}

/** Links the waiting identity to an existing account (its password is checked) and signs in. */
export async function oidcBind(account: string, password: string): Promise<SignInResult> {
  return signedIn(await interfaceApi.post("/api/oidc/bind", { account, password }));
}

/** Makes a new account for the waiting identity and signs in. */
export async function oidcBindNew(form: {
  account: string;
  nickname: string;
  industry: string;
  agree: boolean;
}): Promise<SignInResult> {
  return signedIn(await interfaceApi.post("/api/oidc/bindNew", form));
}
