import { readFileSync } from 'node:fs';
import type { AxeResults, NodeResult, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's bundle, evaluated in the page: the app's CSP blocks an injected <script>. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA (issue 31's goal). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a journey (issue 31: none serious or critical); minor and moderate ones do not. */
const BLOCKING: ReadonlySet<string> = new Set(['serious', 'critical']);

/** One violation as a readable block: rule, impact, help, then each node's selector and summary. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node: NodeResult) => {
        const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' ');
        const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
        return `    - ${target}\n      ${html}\n      ${summary}`;
      });
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Waits until finite CSS transitions and animations have ended (a fading panel's colours are not its final ones). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe's WCAG 2.0/2.1 A+AA violations of the page as it is now (axe is evaluated in it once per document). */
export async function axeViolations(page: Page): Promise<Result[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  await settled(page);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  return results.violations;
}

/** Fails with the readable list when the page has a serious or critical violation; `where` names the state checked. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const blocking = (await axeViolations(page)).filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length > 0) {
    throw new Error(
      `axe: ${blocking.length} serious/critical violation(s) on ${where}:\n${describeViolations(blocking)}`,
    );
  }
}
