// Counts React component renders in the built app, without a special build: an init script installs
// the DevTools global hook, which production React calls after every commit with the committed
// tree. A component fiber rendered in that commit when it is not the object that was in the
// previous committed tree (React double-buffers: a fiber that did no work keeps its old object)
// and carries React's PerformedWork flag (set when its function ran, not when it bailed out).
// Renders are counted by the component's outermost DOM element: its data-testid, else its tag
// and first class (minified builds keep no component names).
import type { BrowserContext, Page } from "playwright-core";

/** What the page counts between two `resetRenders` calls: renders by DOM name, and the commits. */
export interface RenderCounts {
  readonly byName: Readonly<Record<string, number>>;
  readonly total: number;
  readonly commits: number;
  /** performance.now() at the end of each commit (its DOM changes and layout effects done) */
  readonly commitAt: readonly number[];
}

declare global {
  interface Window {
    __renderCounts?: { byName: Record<string, number>; total: number; commits: number; commitAt: number[] };
  }
}

// Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
const HOOK = `(() => {
  // FunctionComponent, ClassComponent, ForwardRef, MemoComponent, SimpleMemoComponent
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  const HOST = 5;
  let previous = new WeakSet();
  window.__renderCounts = { byName: {}, total: 0, commits: 0, commitAt: [] };
  const nameOf = (fiber) => {
    const stack = [fiber.child];
    while (stack.length) {
      const f = stack.pop();
      if (!f) continue;
      if (f.tag === HOST && f.stateNode instanceof Element) {
        const el = f.stateNode;
        const id = el.getAttribute("data-testid");
        if (id) return id;
        const cls = (el.getAttribute("class") || "").split(" ")[0];
        return el.tagName.toLowerCase() + (cls ? "." + cls : "");
      }
      stack.push(f.sibling, f.child);
    }
    return "(no element)";
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const counts = window.__renderCounts;
      counts.commits++;
      const seen = new WeakSet();
      const stack = [root.current];
      while (stack.length) {
        const f = stack.pop();
        if (!f) continue;
        seen.add(f);
        if (COMPONENT.has(f.tag) && (f.flags & PERFORMED_WORK) && !previous.has(f)) {
          const name = nameOf(f);
          counts.byName[name] = (counts.byName[name] || 0) + 1;
          counts.total++;
        }
        stack.push(f.sibling, f.child);
      }
      previous = seen;
      if (counts.commitAt.length < 1000) counts.commitAt.push(performance.now());
    },
  };
})()`;

/** Installs the counter in every page of the context (before the app loads). */
export async function countRenders(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(HOOK);
}

export async function resetRenders(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (!window.__renderCounts) throw new Error("countRenders was not installed before the page loaded");
    window.__renderCounts = { byName: {}, total: 0, commits: 0, commitAt: [] };
  });
}

/** The renders since the last reset, once two more frames have passed (React commits before them). */
export async function readRenders(page: Page): Promise<RenderCounts> {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
  return page.evaluate(() => {
    const c = window.__renderCounts;
    if (!c) throw new Error("countRenders was not installed before the page loaded");
    return { byName: { ...c.byName }, total: c.total, commits: c.commits, commitAt: [...c.commitAt] };
  });
}
