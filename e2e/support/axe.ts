// The accessibility check of the e2e specs: axe-core run in the page against WCAG 2.0/2.1 A and AA
// (colour contrast included). One definition: every spec that scans a page uses axeViolations().
import type { AxeResults, RunOptions } from "axe-core";
import axe from "axe-core";
import type { Page } from "playwright-core";

/** The rule sets we hold the app to (docs/testing.md "The accessibility check"). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type Found = Pick<AxeResults, "violations">["violations"];

/**
 * Runs axe on the whole document and returns one line per offending element,
 * `rule: target (summary)`, so a failing assertion says what and where. Empty when the page is clean.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, which the app's Content-Security-Policy (no inline
  // scripts) does not apply to; a <script> tag would be refused
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  // a page sliding or fading in has its colours half-way: wait until every finite animation (and
  // transition) has finished; endless ones (spinners) never do
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const options: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS } };
  const violations: Found = await page.evaluate(async (opts) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, opts);
    return violations;
  }, options);
  return violations.flatMap((v) =>
    v.nodes.map((n) => {
      const summary = (n.failureSummary ?? v.help).replace(/\s+/g, " ").trim();
      return `${v.id}: ${n.target.map(String).join(" > ")} (${summary})`;
    }),
  );
}
