// A real OpenID Connect provider (oidc-provider from npm) on loopback for the sign-in tests: one
// client and one test account. Its sign-in page (/interaction/<uid>) is a form with one button, so a
// browser test answers it by clicking; `answer(url)` answers it with fetch (server-level tests).
//
//   const port = await freePort();
//   const app = await startApp(oidcEnv(port));            // the app knows the issuer before it runs
//   const op = await startOidcProvider({ port, redirectUri: `${app.baseUrl}/label/thirdLogin` });
//   …; await op.stop();
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface OidcTestAccount {
  sub: string;
  email: string;
  name: string;
}

export const OIDC_CLIENT = { id: "inkless-test", secret: "inkless-test-secret" } as const;
export const OIDC_ACCOUNT: OidcTestAccount = {
  sub: "test-subject-1",
  email: "oidc.tester@example.com",
  name: "OIDC Tester",
};
/** The button of the provider's sign-in page. */
export const OIDC_CONTINUE = "Continue";

export interface RunningOidcProvider {
  readonly issuer: string;
  /** The callback URL the provider sends the browser to after answering with fetch. */
  answer(authorizationUrl: string): Promise<string>;
  /** Who signs in from now on (default OIDC_ACCOUNT). */
  setAccount(account: OidcTestAccount): void;
  stop(): Promise<void>;
}

/** The app's environment for one provider `test` named `name` at the issuer on `port`. */
export function oidcEnv(port: number, name = "Test ID"): Record<string, string> {
  return {
    INKLESS_OIDC_PROVIDERS: "test",
    INKLESS_OIDC_TEST_ISSUER: `http://127.0.0.1:${port}`,
    INKLESS_OIDC_TEST_CLIENT_ID: OIDC_CLIENT.id,
    INKLESS_OIDC_TEST_CLIENT_SECRET: OIDC_CLIENT.secret,
    INKLESS_OIDC_TEST_NAME: name,
  };
}

const page = (
  uid: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test ID</title></head>
<body><main><h1>Test ID</h1><form method="post" action="/interaction/${uid}">
<button type="submit">${OIDC_CONTINUE}</button></form></main></body></html>`;

export async function startOidcProvider(opts: {
  port?: number;
  redirectUri: string;
  account?: OidcTestAccount;
}): Promise<RunningOidcProvider> {
  let account = opts.account ?? OIDC_ACCOUNT;
  const server = http.createServer();
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, "127.0.0.1", ok));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      if (sub !== account.sub) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["inkless-test-cookie-key"] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
  });
  const callback = provider.callback();
  server.on("request", (req, res) => {
    const m = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
    if (!m) return callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET") {
        res.setHeader("content-type", "text/html; charset=utf-8");
        return res.end(page(details.uid));
      }
      // the test's answer: the test account signs in and grants what the client asked for
      const grant = new provider.Grant({
        accountId: account.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });

  // fetch with the provider's cookies, following redirects by hand until the app's redirect URI
  async function answer(authorizationUrl: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let method = "GET";
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(opts.redirectUri)) return url;
      const r = await fetch(url, {
        method,
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of r.headers.getSetCookie()) {
        const [kv] = c.split(";");
        const i = kv.indexOf("=");
        jar.set(kv.slice(0, i), kv.slice(i + 1));
      }
      const location = r.headers.get("location");
      if (location) {
        url = new URL(location, url).href;
        method = "GET";
      } else if (r.status === 200 && /\/interaction\//.test(url)) {
        method = "POST"; // the sign-in page: press its button
      } else throw new Error(`provider answered ${r.status} at ${url}: ${await r.text()}`);
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    answer,
    setAccount: (a) => {
      account = a;
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
