import * as fs from 'node:fs';
import * as path from 'node:path';
import { HOUSE_COLORS } from '@car/contracts';
import { SIGN_COLORS } from './chart-result';

/** The stylesheets' value of a custom property of :root. */
function cssVariable(file: string, name: string): string | undefined {
  const css = fs.readFileSync(path.join(__dirname, '..', 'styles', file), 'utf8');
  return css.match(new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`))?.[1].toLowerCase();
}

describe('the sign colours: one palette for text and charts (decisions 176, 181)', () => {
  it('draws growth in the text colours of app.css', () => {
    expect(SIGN_COLORS.growth).toEqual({ up: cssVariable('app.css', '--up'), down: cssVariable('app.css', '--down') });
  });

  it('draws prices in the text colours of kit.css', () => {
    expect(SIGN_COLORS.price).toEqual({ up: cssVariable('kit.css', '--chart-up'), down: cssVariable('kit.css', '--chart-down') });
  });

  it('names the house colours of app.css, which the decks draw in (issue 31)', () => {
    const names: Record<keyof typeof HOUSE_COLORS, string> = {
      brand: '--brand',
      brandDark: '--brand-dark',
      brandSoft: '--brand-soft',
      text: '--text',
      text3: '--text-3',
      line: '--line',
      pageBg: '--page-bg',
    };
    for (const [key, variable] of Object.entries(names))
      expect([key, HOUSE_COLORS[key as keyof typeof HOUSE_COLORS]]).toEqual([key, cssVariable('app.css', variable)]);
  });
});
