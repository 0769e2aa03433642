// The templates of a query (a folder, or a name search across folders, in one sort order), loaded
// page by page as the virtual list shows them. A new query starts over; reload() fetches the pages
// already shown again (after a rename, move, delete…), keeping them on screen until the answers come.
import { useCallback, useEffect, useRef, useState } from "react";
import { listTemplatePage, TEMPLATE_PAGE_SIZE, type TemplateQuery } from "../../api/cloudTemplates";
import type { TemplateSummary } from "../../api/templates";

interface Loaded {
  readonly key: string;
  /** null until the first page answered */
  readonly count: number | null;
  readonly pages: ReadonlyMap<number, readonly TemplateSummary[]>;
  readonly failed: boolean;
}

export interface TemplatePages {
  readonly count: number | null;
  readonly failed: boolean;
  readonly item: (index: number) => TemplateSummary | undefined;
  /** loads the pages holding items first…last (0-based) that are not there yet */
  readonly ensure: (first: number, last: number) => void;
  readonly reload: () => Promise<void>;
}

const pageOf = (index: number) => Math.floor(index / TEMPLATE_PAGE_SIZE) + 1;

export function useTemplatePages(query: TemplateQuery): TemplatePages {
  const key = `${query.parentId}\n${query.keyword}\n${query.order}`;
  const [state, setState] = useState<Loaded>({ key, count: null, pages: new Map(), failed: false });
  const asked = useRef(new Set<string>());
  const current = useRef(key);
  current.current = key;
  const queryRef = useRef(query);
  queryRef.current = query;

  const load = useCallback(async (page: number, force = false) => {
    const k = current.current;
    const id = `${k}#${page}`;
    if (asked.current.has(id) && !force) return;
    asked.current.add(id);
    try {
      const r = await listTemplatePage(queryRef.current, page);
      if (current.current !== k) return;
      setState((s) => {
        const pages = new Map(s.key === k ? s.pages : []);
        pages.set(page, r.items);
        return { key: k, count: r.count, pages, failed: false };
      });
    } catch {
      asked.current.delete(id);
      if (current.current === k) setState((s) => ({ ...s, key: k, failed: true }));
    }
  }, []);

  useEffect(() => {
    asked.current.clear();
    setState({ key, count: null, pages: new Map(), failed: false });
    void load(1);
  }, [key, load]);

  const live = state.key === key ? state : { key, count: null, pages: new Map(), failed: false };
  return {
    count: live.count,
    failed: live.failed,
    item: (i) => live.pages.get(pageOf(i))?.[i % TEMPLATE_PAGE_SIZE],
    ensure: useCallback(
      (first: number, last: number) => {
        for (let p = pageOf(first); p <= pageOf(last); p++) void load(p);
      },
      [load],
    ),
    reload: async () => {
      const shown = [...live.pages.keys()];
      await Promise.all((shown.length ? shown : [1]).map((p) => load(p, true)));
    },
  };
}
