import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * axe-core in a page (decision 182): WCAG 2.1 A and AA rules; a violation of any impact, minor to critical,
 * fails (decision 265). Used by the browser tests' sweep of every page (test/browser/accessibility.browser.spec.ts)
 * and by the acceptance walk on the product as shipped.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = fs.readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }>;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}
export interface Finding {
  page: string;
  rule: string;
  impact: string;
  count: number;
  help: string;
  targets: string[];
}

/**
 * Every violation on the page as it is now, named `name`. axe-core is evaluated through the DevTools
 * protocol, which the page's Content-Security-Policy does not govern (a script tag would need its nonce).
 */
export async function axeFindings(page: Page, name: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, AXE_TAGS);
  return (violations as AxeViolation[]).map((v) => ({
    page: name,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    count: v.nodes.length,
    help: v.help,
    // A contrast failure says its colours: "selector (#fg on #bg 2.57)".
    targets: v.nodes.map((n) => {
      const colours = n.any.find((check) => check.data?.fgColor)?.data;
      const target = n.target.map(String).join(' ');
      return colours ? `${target} (${colours.fgColor} on ${colours.bgColor} ${colours.contrastRatio})` : target;
    }),
  }));
}

/** The failure text: one line a rule, with its first targets ('' when there is none). */
export function describeFindings(list: readonly Finding[]): string {
  return list.map((f) => `${f.rule} (${f.impact}) ×${f.count}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`).join('\n');
}
