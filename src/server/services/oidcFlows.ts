// Signing in with another account (OpenID Connect): the sign-ins under way and the linked
// identities. A sign-in under way lives in `oidc_flows`, found by the hash of the `oidc_flow` cookie
// of the browser that started it, so an answer can only finish the sign-in of the browser that asked
// for it; each step uses the row once. Routes: src/server/routes/oidc.ts.
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import type { UserRow } from "./accounts";

/** How long a sign-in (and then an identity waiting to be linked) stays open. */
const FLOW_TTL = "10 minutes";

const noFlow = () => new ApiError(Code.failed, "server.oidc.noFlow");

export interface FlowRow {
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  next_path: string;
  issuer: string | null;
  subject: string | null;
  email: string;
  name: string;
}

/** A new sign-in of the browser whose flow cookie hashes to `flowHash`; its previous one (`old`) goes. */
export async function startFlow(
  q: Queryable,
  flowHash: string,
  old: string,
  f: {
    provider: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    next: string;
  },
): Promise<void> {
  if (old) await q.query("DELETE FROM oidc_flows WHERE flow_hash = $1", [old]);
  await q.query(
    `INSERT INTO oidc_flows (flow_hash, provider, state, nonce, code_verifier, redirect_uri, next_path, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '${FLOW_TTL}')`,
    [flowHash, f.provider, f.state, f.nonce, f.codeVerifier, f.redirectUri, f.next],
  );
}

/** Takes the browser's flow at the given stage (answer awaited, or identity waiting to be bound). */
export async function takeFlow(q: Queryable, flowHash: string, stage: "answer" | "bind"): Promise<FlowRow> {
  const rows = flowHash
    ? await q.query<FlowRow>(
        `DELETE FROM oidc_flows WHERE flow_hash = $1 AND expires_at > now()
           AND subject IS ${stage === "answer" ? "" : "NOT "}NULL RETURNING *`,
        [flowHash],
      )
    : [];
  if (!rows[0]) throw noFlow();
  return rows[0];
}

/** The identity waiting to be bound by the browser (not taken). */
export async function pendingIdentity(q: Queryable, flowHash: string): Promise<FlowRow> {
  const rows = flowHash
    ? await q.query<FlowRow>(
        "SELECT * FROM oidc_flows WHERE flow_hash = $1 AND expires_at > now() AND subject IS NOT NULL",
        [flowHash],
      )
    : [];
  if (!rows[0]) throw noFlow();
  return rows[0];
}

/** An unknown identity waits (FLOW_TTL) for the browser to link it or make an account for it. */
export async function awaitBinding(
  q: Queryable,
  flowHash: string,
  flow: FlowRow,
  id: { issuer: string; subject: string; email: string; name: string },
): Promise<void> {
  await q.query(
    `INSERT INTO oidc_flows (flow_hash, provider, state, nonce, code_verifier, redirect_uri, next_path,
       issuer, subject, email, name, expires_at)
     VALUES ($1, $2, '', '', '', $3, $4, $5, $6, $7, $8, now() + interval '${FLOW_TTL}')`,
    [flowHash, flow.provider, flow.redirect_uri, flow.next_path, id.issuer, id.subject, id.email, id.name],
  );
}

/** The user an identity is linked to, if any. */
export async function linkedUser(q: Queryable, issuer: string, subject: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(
    `SELECT u.id, u.account, u.nickname, u.head_pic FROM oidc_identities i JOIN users u ON u.id = i.user_id
      WHERE i.issuer = $1 AND i.subject = $2`,
    [issuer, subject],
  );
  return rows[0] ?? null;
}

/** Links the flow's identity to the user; false when it is linked already (a parallel bind). */
export async function linkIdentity(q: Queryable, flow: FlowRow, userId: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO oidc_identities (issuer, subject, user_id, provider, email) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (issuer, subject) DO NOTHING RETURNING 1`,
    [flow.issuer, flow.subject, userId, flow.provider, flow.email],
  );
  return rows.length > 0;
}

/** The providers whose accounts are linked to the user, oldest link first. */
export function linkedIdentities(
  q: Queryable,
  userId: string,
): Promise<{ provider: string; email: string }[]> {
  return q.query<{ provider: string; email: string }>(
    "SELECT provider, email FROM oidc_identities WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
}
