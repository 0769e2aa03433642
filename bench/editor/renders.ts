// React renders per user step on the bench label (issue 24's re-render margin): how many component
// renders one drag move, one undo and one typed character of the text panel's content field cost,
// counted through React's DevTools hook (e2e/support/renderCounts.ts; no special build), for
// each build given, one after the other. Counts, not times: they do not depend on the load.
// Run: node --import tsx bench/editor/renders.ts [clientDir …]   (default: dist/client; e.g.
//   BENCH_BEFORE_DIR's build and dist/client to compare)
import type { Page } from "playwright-core";
import { countRenders, type RenderCounts, readRenders, resetRenders } from "../../e2e/support/renderCounts";
import { gripOf, openScene, settled } from "./scene";

interface Step {
  readonly what: string;
  readonly counts: RenderCounts;
}

const editorDoc = (page: Page) => page.evaluate(() => window.inklessEditor?.get().doc.elements ?? []);

async function steps(page: Page, ids: readonly string[]): Promise<Step[]> {
  const out: Step[] = [];
  // one drag move of the 100 selected rectangles (after the pick-up and a first move)
  const { x: x0, y: y0 } = await gripOf(page, ids);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 4, y0 + 2);
  await page.mouse.move(x0 + 8, y0 + 4);
  await readRenders(page);
  await resetRenders(page);
  await page.mouse.move(x0 + 12, y0 + 6);
  out.push({ what: "one drag move (100 selected)", counts: await readRenders(page) });
  await page.mouse.up();
  await settled(page);
  if ((await page.evaluate(() => window.inklessEditor?.get().selection.length)) !== ids.length)
    throw new Error("the drag did not move the whole selection");

  // one undo of that drag (the 100 rectangles still selected)
  const moved = await page.locator(`.ink-label g[data-id="${ids[0]}"]`).getAttribute("transform");
  await resetRenders(page);
  await page.keyboard.press("Control+z");
  await page.waitForFunction(
    ([id, t]) => document.querySelector(`.ink-label g[data-id="${id}"]`)?.getAttribute("transform") !== t,
    [ids[0], moved] as const,
  );
  out.push({ what: "one undo (100 selected)", counts: await readRenders(page) });
  await settled(page);

  // one typed character in the content field of a selected text
  const text = (await editorDoc(page)).find((e) => e.Type === "Text");
  if (!text) throw new Error("no text on the bench label");
  await page.evaluate((id) => window.inklessEditor?.send({ type: "selection.set", ids: [id] }), text.Id);
  const field = page.getByTestId("panel-text");
  await field.click();
  await page.keyboard.press("End");
  await readRenders(page);
  await resetRenders(page);
  await page.keyboard.type("x");
  await page.waitForFunction(
    ([id, before]) => window.inklessEditor?.get().doc.elements.find((e) => e.Id === id)?.Data !== before,
    [text.Id, text.Data ?? ""] as const,
  );
  out.push({ what: "one typed character (text selected)", counts: await readRenders(page) });
  return out;
}

async function main() {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : [undefined]) {
    const scene = await openScene(undefined, dir, countRenders);
    try {
      await settled(scene.page);
      console.log(`${dir ?? "dist/client"}:`);
      for (const s of await steps(scene.page, scene.ids)) {
        const top = Object.entries(s.counts.byName)
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .map(([k, n]) => `${k} ${n}`)
          .join(", ");
        console.log(`  ${s.what}: ${s.counts.total} component renders in ${s.counts.commits} commits`);
        console.log(`    ${top}`);
      }
    } finally {
      await scene.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
