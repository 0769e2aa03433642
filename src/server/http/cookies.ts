// The session cookie `token` (HttpOnly, SameSite=Lax), renewed to 24 h on every successful response.

export const SESSION_COOKIE = "token";
export const SESSION_TTL_S = 24 * 60 * 60;

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_TTL_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The browser's sign-in with another provider under way (routes/oidc.ts): 10 minutes. */
export const FLOW_COOKIE = "oidc_flow";
export const FLOW_TTL_S = 10 * 60;

export function flowCookie(token: string, secure: boolean): string {
  return `${FLOW_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${FLOW_TTL_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearFlowCookie(secure: boolean): string {
  return `${FLOW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
