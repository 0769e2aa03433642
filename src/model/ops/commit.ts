// The common tail of every op: re-derive mirror copies, compute the diff, build the result.
import type { LabelDocument } from "../types";
import { diffDocs } from "./diff";
import { syncMirrors } from "./mirror-sync";
import type { OpRefusal, OpSuccess } from "./types";

export function commit(
  before: LabelDocument,
  after: LabelDocument,
  extra: Omit<OpSuccess, "doc" | "diff"> = {},
): OpSuccess {
  const doc = syncMirrors(after);
  return { doc, diff: diffDocs(before, doc), ...extra };
}

export function refuse(key: string, more: Omit<OpRefusal, "refused"> = {}): OpRefusal {
  return { refused: key, ...more };
}
