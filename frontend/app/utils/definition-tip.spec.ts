import { DEFINITIONS } from '@car/contracts';
import { definitionElementId, definitionTipProps } from './definition-tip';

describe('the 口径 tooltip of a label', () => {
  test('a measure label is described by its dictionary entry', () => {
    expect(definitionTipProps('累计同比')).toEqual({
      className: 'definition-tip',
      'aria-describedby': 'definition-ytdYoy',
      'data-definition': DEFINITIONS.ytdYoy.text,
    });
    expect(definitionTipProps('10月加权成交价')?.['aria-describedby']).toBe(definitionElementId('tp'));
  });

  test('a label that names no measure gets no tooltip', () => {
    expect(definitionTipProps('车型')).toBeNull();
    expect(definitionTipProps('城市')).toBeNull();
  });
});
