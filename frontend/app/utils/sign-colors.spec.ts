import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHANGE_COLORS, HOUSE_COLORS } from '@car/contracts';
import { CHANGE_COLOR_PROPERTIES } from './change-colors';

/** The stylesheets' value of a custom property of :root. */
function cssVariable(file: string, name: string): string | undefined {
  const css = fs.readFileSync(path.join(__dirname, '..', 'styles', file), 'utf8');
  return css.match(new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`))?.[1].toLowerCase();
}

describe('the sign colours: one palette for text and charts (decisions 181, 269)', () => {
  it('gives the stylesheets the colour of a change from the contracts, and no stylesheet a copy of it', () => {
    expect(CHANGE_COLOR_PROPERTIES).toEqual({ '--up': CHANGE_COLORS.up, '--down': CHANGE_COLORS.down });
    const styles = path.join(__dirname, '..', 'styles');
    for (const file of fs.readdirSync(styles).filter((f) => f.endsWith('.css'))) {
      const css = fs.readFileSync(path.join(styles, file), 'utf8').toLowerCase();
      expect([file, /--(up|down|chart-up|chart-down)\s*:/.test(css), css.includes(CHANGE_COLORS.up), css.includes(CHANGE_COLORS.down)]).toEqual([
        file,
        false,
        false,
        false,
      ]);
    }
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
