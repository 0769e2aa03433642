// OpenID Connect providers from the environment (docs/server.md, "Signing in with another account"):
//
//   INKLESS_OIDC_PROVIDERS=corp,google               ids, in the order the sign-in page lists them
//   INKLESS_OIDC_CORP_ISSUER=https://id.example.com   issuer URL (discovery: <issuer>/.well-known/openid-configuration)
//   INKLESS_OIDC_CORP_CLIENT_ID=inkless
//   INKLESS_OIDC_CORP_CLIENT_SECRET=…                 optional: without it a public client (PKCE only)
//   INKLESS_OIDC_CORP_NAME=Example SSO                optional: the button's name (default: the id)
//
// A provider with a missing or bad setting is left out and named in `errors` (logged at start).

export interface OidcProviderConfig {
  /** lowercase letters, digits and dashes; used in URLs and the database */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

export const OIDC_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Plain http is only for an issuer on this computer (tests, a local provider). */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname);
}

const envKey = (id: string, what: string) => `INKLESS_OIDC_${id.toUpperCase().replace(/-/g, "_")}_${what}`;

export function parseOidcProviders(env: NodeJS.ProcessEnv): {
  providers: OidcProviderConfig[];
  errors: string[];
} {
  const providers: OidcProviderConfig[] = [];
  const errors: string[] = [];
  const ids = (env.INKLESS_OIDC_PROVIDERS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const id of ids) {
    if (!OIDC_ID.test(id)) {
      errors.push(`provider id "${id}": use 1–32 lowercase letters, digits or dashes`);
      continue;
    }
    if (providers.some((p) => p.id === id)) {
      errors.push(`provider "${id}" is listed twice`);
      continue;
    }
    const issuer = env[envKey(id, "ISSUER")]?.trim() ?? "";
    const clientId = env[envKey(id, "CLIENT_ID")]?.trim() ?? "";
    let url: URL | null = null;
    try {
      url = new URL(issuer);
    } catch {}
    if (!url || !(url.protocol === "https:" || isLoopbackHttp(url))) {
      errors.push(`provider "${id}": ${envKey(id, "ISSUER")} must be an https URL (http only on localhost)`);
      continue;
    }
    if (!clientId) {
      errors.push(`provider "${id}": ${envKey(id, "CLIENT_ID")} is missing`);
      continue;
    }
    providers.push({
      id,
      name: env[envKey(id, "NAME")]?.trim().slice(0, 64) || id,
      issuer,
      clientId,
      clientSecret: env[envKey(id, "CLIENT_SECRET")] || undefined,
    });
  }
  return { providers, errors };
}
