// The OpenID Connect side of "sign in with another account", through openid-client: discovery
// (cached per provider), the authorisation URL (code flow, PKCE S256, state, nonce) and the code
// exchange with every check (state, nonce, issuer, signature). Failures become ApiErrors with a
// translated message; nothing here touches the database.
import * as oidc from "openid-client";
import { ApiError, Code } from "../http/envelope";
import { isLoopbackHttp, type OidcProviderConfig } from "./oidcConfig";

/** How long a discovered configuration is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const DISCOVERY_TIMEOUT_S = 10;

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

const fail = (key: string, vars: Record<string, string> = {}) => new ApiError(Code.failed, key, vars);

/** Discovered configurations by provider id; a failed discovery is not kept (the next sign-in retries). */
export class OidcClients {
  private readonly cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(readonly providers: readonly OidcProviderConfig[]) {}

  provider(id: string): OidcProviderConfig {
    const p = this.providers.find((x) => x.id === id);
    if (!p) throw fail("server.oidc.unknownProvider");
    return p;
  }

  private configuration(p: OidcProviderConfig): Promise<oidc.Configuration> {
    const hit = this.cache.get(p.id);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const issuer = new URL(p.issuer);
    const config = oidc
      .discovery(
        issuer,
        p.clientId,
        undefined,
        p.clientSecret ? oidc.ClientSecretBasic(p.clientSecret) : oidc.None(),
        {
          timeout: DISCOVERY_TIMEOUT_S,
          execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((e) => {
        this.cache.delete(p.id);
        throw e;
      });
    this.cache.set(p.id, { at: Date.now(), config });
    return config;
  }

  private async configOrFail(p: OidcProviderConfig, log: (l: string) => void): Promise<oidc.Configuration> {
    try {
      return await this.configuration(p);
    } catch (e) {
      log(`[inkless] OpenID Connect discovery of "${p.id}" (${p.issuer}) failed: ${(e as Error).message}`);
      throw fail("server.oidc.unavailable", { provider: p.name });
    }
  }

  /** The provider's authorisation URL for a new sign-in, and the secrets the callback checks. */
  async start(p: OidcProviderConfig, redirectUri: string, log: (l: string) => void): Promise<OidcStart> {
    const config = await this.configOrFail(p, log);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the provider's answer (`callbackUrl`: the redirect URI with the answer's
   * query) and checks state, nonce, issuer and the ID token; the identity it proves.
   */
  async finish(
    p: OidcProviderConfig,
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
    log: (l: string) => void,
  ): Promise<OidcIdentity> {
    const config = await this.configOrFail(p, log);
    let claims: oidc.IDToken | undefined;
    let profile: Record<string, unknown> = {};
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      if (!claims?.sub) throw fail("server.oidc.failed", { provider: p.name });
      profile = claims;
      // many providers put e-mail and name in the userinfo answer only
      if (claims.email === undefined && config.serverMetadata().userinfo_endpoint)
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    } catch (e) {
      throw e instanceof ApiError ? e : refusal(e, p, log);
    }
    const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
    return {
      issuer: claims.iss,
      subject: claims.sub,
      // an e-mail the provider has not verified is not offered as the new account's name
      email: profile.email_verified === true ? text(profile.email, 254) : "",
      name: text(profile.name, 64) || text(profile.preferred_username, 64),
    };
  }
}

/** The translated refusal for a failed exchange: tampered state or nonce, the provider's own error. */
function refusal(e: unknown, p: OidcProviderConfig, log: (l: string) => void): ApiError {
  if (e instanceof oidc.AuthorizationResponseError) {
    // the provider answered with an error (the user cancelled, the client is not allowed, …)
    const code = /^[\w.-]{1,64}$/.test(e.error) ? e.error : "error";
    return fail("server.oidc.providerError", { provider: p.name, error: code });
  }
  // openid-client wraps the failed check (oauth4webapi's error) as the cause
  const chain: string[] = [];
  for (let x = e as { message?: unknown; cause?: unknown } | undefined, i = 0; x && i < 5; i++) {
    chain.push(String(x.message ?? x));
    x = x.cause as typeof x;
  }
  const msg = chain.join(": ");
  log(`[inkless] OpenID Connect sign-in with "${p.id}" refused: ${msg}`);
  if (/"state"/.test(msg)) return fail("server.oidc.badState");
  if (/"nonce"/.test(msg)) return fail("server.oidc.badNonce", { provider: p.name });
  if (e instanceof oidc.ResponseBodyError) {
    const code = /^[\w.-]{1,64}$/.test(e.error) ? e.error : "error";
    return fail("server.oidc.providerError", { provider: p.name, error: code });
  }
  return fail("server.oidc.failed", { provider: p.name });
}
