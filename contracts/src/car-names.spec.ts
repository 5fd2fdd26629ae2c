import { trimTitle } from './car-names';

describe('trimTitle: a trim named with its sub-series', () => {
  test('a trim’s own name is put after its sub-series’', () => {
    expect(trimTitle('英朗', '2026款 1.5L 自动 进取版')).toBe('英朗 2026款 1.5L 自动 进取版');
  });

  test('a name that already starts with the sub-series’ is left as it is', () => {
    expect(trimTitle('日行SUV', '日行SUV 2025款 2.0L 四驱')).toBe('日行SUV 2025款 2.0L 四驱');
  });

  test('without a sub-series name the trim’s own name stands alone', () => {
    expect(trimTitle('', '2026款 1.5L 自动 进取版')).toBe('2026款 1.5L 自动 进取版');
  });
});
