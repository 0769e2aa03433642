// What a print API token may do and how long it may live (issue 39): one definition for the
// server (services/apiTokens.ts) and the personal centre's token card.

/** print: POST /api/v1/print and its jobs; templates:read: list the user's templates. */
export const API_SCOPES = ["print", "templates:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
/** The expiries offered, in days. A token never lives longer than a year. */
export const TOKEN_DAYS = [7, 30, 90, 365] as const;
export const TOKEN_NAME_MAX = 50;

export const isApiScope = (v: unknown): v is ApiScope => (API_SCOPES as readonly unknown[]).includes(v);
