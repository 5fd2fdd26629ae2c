import {
  DASH,
  FIGURE_RULES,
  figureCell,
  figureFormat,
  type FigureKind,
  tenThousandText,
  growthDirection,
  growthNumber,
  growthText,
  isGrowthShown,
  percentText,
  rankArrow,
  pointsCardText,
  points2CardText,
  pointsHeader,
  pointsText,
  pointsTextOf,
  points2Text,
  sharePercent2Text,
  sharePercentText,
  shareText,
  signedText,
  signedThousands,
  zeroFigureText,
  thousands,
  kiloVehicles,
} from './display';
import { growth, share, shareChange } from './metrics';

/** The display rules decided once (docs/architecture.md, decision "One display rule") and shared by the API, workbooks and pages. */
describe('the dash rule', () => {
  test('a fall to nothing is a real −100.0 %, on every surface', () => {
    expect(percentText(growth(0, 100))).toBe('-100.0%');
    expect(growthNumber(growth(0, 100))).toBe(-100);
    expect(growthText(-100)).toBe('-100.0%');
  });

  test('zero growth is a dash whether it arrives as a fraction or as the API percent number', () => {
    expect(percentText(growth(100, 100))).toBe('-');
    expect(growthNumber(growth(100, 100))).toBeNull();
    expect(growthText(0)).toBe('-');
    expect(growthText(0.0)).toBe('-');
  });

  test('a growth that rounds to 0.0 % is zero as shown, so a dash on cards and tables alike', () => {
    const tiny = growth(100_020, 100_000); // +0.02 %
    expect(percentText(tiny)).toBe('-');
    expect(growthNumber(tiny)).toBeNull();
    expect(growthText(0.04)).toBe('-');
  });

  test('outside (−1000 %, 1000 %) is a dash, judged on the shown value', () => {
    expect(percentText(growth(1099, 100))).toBe('999.0%');
    expect(percentText(growth(1100, 100))).toBe('-');
    expect(growthText(999.96)).toBe('-');
    expect(growthText(-999.9)).toBe('-999.9%');
  });

  test('the API number and its string never disagree', () => {
    for (let i = -120_000; i <= 120_000; i += 13) {
      const fraction = i / 10_000;
      const number = growthNumber(fraction);
      expect(number === null ? '-' : growthText(number)).toBe(percentText(fraction));
      expect(isGrowthShown(number)).toBe(number !== null);
    }
  });

  test('a growth on an exact half-tenth rounds up, as its whole figures say, whatever the float error', () => {
    // 10,125 on 10,000 is +1.25 % exactly; in floats 0.012499999999999956 (1.2 % before `settled`).
    expect(growthNumber(growth(10_125, 10_000))).toBe(1.3);
    expect(percentText(growth(10_125, 10_000))).toBe('1.3%');
    for (let k = 1; k < 400; k += 2) {
      // +0.05k %: k odd is a half-tenth, (k + 1) / 2 tenths when rounded up.
      expect(growthNumber(growth(10_000 + 5 * k, 10_000))).toBe((k + 1) / 2 / 10);
    }
  });

  test('colours apply only to shown growths', () => {
    expect(growthDirection(12.3)).toBe('up');
    expect(growthDirection(-0.1)).toBe('down');
    expect(growthDirection(0)).toBeNull();
    expect(growthDirection(null)).toBeNull();
  });
});

describe('shares', () => {
  test('a zero share is a real 0.0 %, an unknown one a dash', () => {
    expect(shareText(share(0, 100))).toBe('0.0%');
    expect(shareText(share(5, 0))).toBe('-');
    expect(sharePercentText(0)).toBe('0.0%');
    expect(sharePercentText(null)).toBe('-');
  });

  test('a share change follows the dash rule and shows its colour and its points', () => {
    expect(pointsTextOf(shareChange(0.125, 0.125))).toBe('-');
    // The colour (growthDirection) and the points (pointsText) of one change agree: none for a dash.
    expect([1.9, -2.9, 0].map((points) => [growthDirection(points), pointsText(points)])).toEqual([
      ['up', '+1.9'],
      ['down', '-2.9'],
      [null, '-'],
    ]);
  });
});

describe('point changes (decision 173)', () => {
  test('a difference of two percents reads as points: signed, one decimal, never a %', () => {
    expect(pointsText(1.9)).toBe('+1.9');
    expect(pointsText(-2.9)).toBe('-2.9');
    expect(pointsText(0.04)).toBe('-');
    expect(pointsText(-0.06)).toBe('-0.1');
    expect(pointsText(null)).toBe('-');
    expect(pointsText(1000)).toBe('-');
    expect(pointsTextOf(shareChange(0.2, 0.181))).toBe('+1.9');
    for (const v of [-99.9, -1.2, 0.1, 3.45, 12]) expect(pointsText(v)).not.toContain('%');
  });

  test('a split exact to the hundredth (份额归因, decision 302) reads to two decimals: points signed, shares with %', () => {
    expect([0.41, -1.2, 0.004, -0.006, 0, null].map(points2Text)).toEqual(['+0.41', '-1.20', '-', '-0.01', '-', '-']);
    expect([12.34, 0, -0.5, null].map(sharePercent2Text)).toEqual(['12.34%', '0.00%', '-0.50%', '-']);
  });

  test('a table header carries the unit; a card says 个百分点', () => {
    expect(pointsHeader('份额变化')).toBe('份额变化(百分点)');
    expect(pointsCardText(4.9)).toBe('+4.9个百分点');
    expect(pointsCardText(-0.4)).toBe('-0.4个百分点');
    expect(pointsCardText(0)).toBe('-');
    expect(points2CardText(0.41)).toBe('+0.41个百分点');
    expect(points2CardText(-1.2)).toBe('-1.20个百分点');
    expect(points2CardText(0.001)).toBe('-');
  });
});

describe('numbers and ranks', () => {
  test('a change in units or yuan is signed as every signed figure, zero plain, unknown a dash', () => {
    expect([12_345, -800, 0, null].map(signedThousands)).toEqual(['+12,345', '-800', '0', '-']);
  });

  test('thousands separators, unknown as a dash', () => {
    expect(thousands(24_123_456.7)).toBe('24,123,457');
    expect(thousands(-1234)).toBe('-1,234');
    expect(thousands(undefined)).toBe('-');
  });

  test('a rank arrow needs a rank and a previous rank', () => {
    expect(rankArrow({ ranking: 3, rankingStatus: 1 })).toBe('up');
    expect(rankArrow({ ranking: 3, rankingStatus: -2 })).toBeNull();
    expect(rankArrow({ ranking: null, rankingStatus: 1 })).toBeNull();
  });
});

describe('thousands of vehicles (千辆)', () => {
  it('shows one decimal of thousands with separators', () => {
    expect(kiloVehicles(1_234_567)).toBe('1,234.6');
    expect(kiloVehicles(49)).toBe('0.0');
    expect(kiloVehicles(50)).toBe('0.1');
    expect(kiloVehicles(0)).toBe('0.0');
  });
  it('signs a change when asked, never shows -0.0', () => {
    expect(kiloVehicles(12_340, true)).toBe('+12.3');
    expect(kiloVehicles(-4_000, true)).toBe('-4.0');
    expect(kiloVehicles(-40, true)).toBe('0.0');
    expect(kiloVehicles(null)).toBe('-');
  });
});

describe('signedText: the one sign rule of a signed text', () => {
  it('puts a plus before a figure that shows above zero', () => {
    expect(['12,000元', '1.9', '0.1%', '1,234.6'].map(signedText)).toEqual(['+12,000元', '+1.9', '+0.1%', '+1,234.6']);
  });
  it('leaves a fall, a zero as shown and a dash as they are', () => {
    expect(['-8,000元', '-0.1%', '0元', '0.0%', '0.0', DASH].map(signedText)).toEqual(['-8,000元', '-0.1%', '0元', '0.0%', '0.0', DASH]);
  });
  it('is the sign of the point changes and of a signed volume', () => {
    expect([pointsText(1.94), pointsText(-2.9), kiloVehicles(12_340, true)]).toEqual(['+1.9', '-2.9', '+12.3']);
  });
});

/**
 * What a spreadsheet shows of a number cell under a format of the kinds figureFormat builds (grouping,
 * fixed decimals, percent): the check that a workbook's cell reads as the page's text.
 */
function spreadsheetText(value: number, format: string): string {
  // A signed format's sections, positive;negative;zero, each carrying its sign literally.
  const sections = format.split(';');
  if (sections.length === 3) {
    const [positive, negative, zero] = sections;
    if (value === 0) return spreadsheetText(0, zero);
    return value > 0 ? spreadsheetText(value, positive.slice(1)).replace(/^/, positive[0]) : `${negative[0]}${spreadsheetText(-value, negative.slice(1))}`;
  }
  const percent = format.endsWith('%');
  const decimals = /\.(0+)/.exec(format)?.[1].length ?? 0;
  const shown = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: format.startsWith('#,##'),
  }).format(percent ? value * 100 : value);
  return `${shown === '-0' || /^-0\.0+$/.test(shown) ? shown.slice(1) : shown}${percent ? '%' : ''}`;
}

describe('figures in workbooks: number cells formatted by the display rules (decision 141)', () => {
  test('each kind has its format, built from its rule', () => {
    expect(figureFormat('count')).toBe('#,##0');
    expect(figureFormat('percent')).toBe('0.0%');
    expect(figureFormat('growth')).toBe('0.0%');
    expect(figureFormat('points')).toBe('+0.0;-0.0;0.0');
    expect(figureFormat('tenThousand')).toBe('#,##0.00');
    expect(figureFormat('percent2')).toBe('0.00%');
    expect(figureFormat('points2')).toBe('+0.00;-0.00;0.00');
    expect((['count', 'points', 'points2', 'growth'] as const).map(zeroFigureText)).toEqual(['0', '0.0', '0.00', '0.0%']);
  });

  test('a cell is a number except exactly where the page shows a dash', () => {
    expect(figureCell('growth', -12.6)).toBe(-0.126);
    expect(figureCell('growth', 0)).toBe(DASH);
    expect(figureCell('growth', 1000)).toBe(DASH);
    expect(figureCell('growth', null)).toBe(DASH);
    expect(figureCell('points', 1.94)).toBe(1.9);
    expect(figureCell('points', -2.9)).toBe(-2.9);
    expect(figureCell('points', 0.04)).toBe(DASH);
    expect(figureCell('percent', 0)).toBe(0);
    expect(figureCell('percent', undefined)).toBe(DASH);
    expect(figureCell('count', 1234.4)).toBe(1234);
    expect(figureCell('tenThousand', 11.984)).toBe(11.98);
    expect(tenThousandText(1234.5)).toBe('1,234.50');
    expect(tenThousandText(-0.001)).toBe('0.00');
  });

  test('the cell under its format reads as the page text, for every kind over a sweep of values', () => {
    const kinds: FigureKind[] = ['count', 'percent', 'growth', 'points', 'tenThousand', 'percent2', 'points2'];
    for (const kind of kinds) {
      for (let i = -1_200_000; i <= 1_200_000; i += 9_973) {
        const value = i / 100;
        const cell = figureCell(kind, value);
        const text = FIGURE_RULES[kind].text(value);
        expect(typeof cell === 'number' ? spreadsheetText(cell, figureFormat(kind)) : cell).toBe(text);
      }
    }
  });
});
