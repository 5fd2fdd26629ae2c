import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';

import { salesPageShouldRevalidate, writingSalesPageShouldRevalidate } from './revalidation';

const args = (current: string, next: string, formMethod?: string): ShouldRevalidateFunctionArgs =>
  ({
    currentUrl: new URL(`http://x${current}`),
    nextUrl: new URL(`http://x${next}`),
    formMethod,
    defaultShouldRevalidate: true,
  }) as ShouldRevalidateFunctionArgs;

describe('which navigations reload a sales page', () => {
  const page = '/salevolume/competitormonitor?set=3';

  test('the same address reloads nothing on a sales page, even after a write', () => {
    expect(salesPageShouldRevalidate(args(page, page))).toBe(false);
    expect(salesPageShouldRevalidate(args(page, page, 'POST'))).toBe(false);
  });

  test('a page with writes of its own reads its data again after one, and only then at the same address', () => {
    expect(writingSalesPageShouldRevalidate(args(page, page, 'POST'))).toBe(true);
    expect(writingSalesPageShouldRevalidate(args(page, page))).toBe(false);
    expect(writingSalesPageShouldRevalidate(args(page, `${page}&time=2026-09`, 'GET'))).toBe(true);
  });
});
