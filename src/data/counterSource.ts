// Counter entries (DataSourceType 5; docs/data-sources.md "Counters"): which of the server's named
// counters a document uses, so a print job reserves their numbers before it prints and a preview asks
// for the next ones (services/counters.ts keeps them; nothing here reserves anything).
import type { LabelDocument } from "../model/types";
import { allSources } from "./records";

/** The counters the document's entries use, each once, by id (the name as the entry last saw it). */
export function usedCounters(doc: LabelDocument): { id: string; name: string }[] {
  const out = new Map<string, string>();
  for (const { source } of allSources(doc))
    if (source.DataSourceType === 6 && source.CounterId && !out.has(source.CounterId))
      out.set(source.CounterId, source.CounterName ?? "");
  return [...out].map(([id, name]) => ({ id, name }));
}
