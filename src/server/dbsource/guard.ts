// What every database source's query passes before it reaches a database, whatever its kind: one
// statement that reads (SELECT, WITH, VALUES or TABLE first, comments skipped, no second statement),
// its named parameters bound, and a host the server's address rules allow (net/), resolved once so
// the connection goes to the address that was checked.
import { lookup as dnsLookup } from "node:dns/promises";
import { type BlockList, isIP } from "node:net";
import { bindNamed, type Dialect } from "../../data/namedParams";

import { ApiError, Code } from "../http/envelope";
import { isBlockedAddress } from "../net/addressRules";

export interface QueryLimits {
  readonly timeoutMs: number;
  readonly maxRows: number;
  readonly allow?: BlockList;
}

export const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, `dbsource.error.${key}`, vars);

/** The query without trailing semicolons, or the reason it is refused before it is sent. */
export function readOnlyStatement(sql: string): string {
  const text = sql.trim().replace(/;+\s*$/, "");
  if (!text) throw fail("emptyQuery");
  // comments first: "/* */ DELETE" must not pass for a SELECT
  const head = text.replace(/^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, "");
  if (!/^(select|with|values|table)\b/i.test(head)) throw fail("writeRefused");
  return text;
}

export async function checkedHost(host: string, allow?: BlockList): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await dnsLookup(bare, { all: true })).map((a) => a.address);
    } catch {
      throw fail("unreachable");
    }
  }
  const ok = addresses.find((a) => !isBlockedAddress(a, allow));
  if (!ok) throw new ApiError(Code.failed, "live.error.refused");
  return ok;
}

/** The statement checked and bound for `dialect`: its text with placeholders and the values in order. */
export function preparedStatement(
  sql: string,
  params: Readonly<Record<string, string>>,
  dialect: Dialect,
): { text: string; values: string[] } {
  const bound = bindNamed(readOnlyStatement(sql), params, dialect);
  if (bound.ok) return bound;
  if ("missing" in bound) throw fail("missingParam", { name: bound.missing });
  throw fail("oneStatement");
}
