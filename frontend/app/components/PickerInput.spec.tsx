import { renderToStaticMarkup } from 'react-dom/server';

import { PickerInput } from './PickerInput';

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields[match[1]] = match[2]!;
  }
  return fields;
}

function shownInput(html: string): string {
  const match = /<input[^>]*readOnly[^>]*\/>|<input[^>]*readonly[^>]*\/>/.exec(html);
  if (!match) throw new Error(`no read-only input in ${html}`);
  return match[0];
}

describe('PickerInput (server-rendered)', () => {
  it('says 选择 and submits nothing when nothing is chosen', () => {
    const html = renderToStaticMarkup(<PickerInput name="foreignIds" kind="company" label="厂商" />);
    const input = shownInput(html);
    expect(input).toContain('placeholder="选择"');
    expect(input).toContain('value=""');
    expect(hiddenFields(html)).toEqual({});
    expect(html).toContain('厂商</label>');
  });

  it('shows the name of a single choice and submits its id', () => {
    const html = renderToStaticMarkup(<PickerInput name="company" kind="currentCompany" value={[{ id: 40, name: '一汽-大众' }]} />);
    expect(shownInput(html)).toContain('value="一汽-大众"');
    expect(hiddenFields(html)).toEqual({ company: '40' });
  });

  it('joins short names, and submits the ids comma-joined in one field', () => {
    const html = renderToStaticMarkup(
      <PickerInput
        name="foreignIds"
        kind="company"
        value={[
          { id: 12, name: '广汽本田' },
          { id: 40, name: '一汽-大众' },
        ]}
      />,
    );
    expect(shownInput(html)).toContain('value="广汽本田、一汽-大众"');
    expect(hiddenFields(html)).toEqual({ foreignIds: '12,40' });
  });

  it('counts a long choice and lists every name in the tooltip', () => {
    const html = renderToStaticMarkup(
      <PickerInput
        name="brand"
        kind="brand"
        value={[
          { id: 64, name: '大众' },
          { id: 66, name: '奥迪' },
          { id: 71, name: '宝马' },
          { id: 31, name: '宝骏' },
          { id: 13, name: '阿维塔' },
        ]}
      />,
    );
    const input = shownInput(html);
    expect(input).toContain('value="已选 5 项"');
    expect(input).toContain('title="大众、奥迪、宝马、宝骏、阿维塔"');
    expect(hiddenFields(html)).toEqual({ brand: '64,66,71,31,13' });
  });

  it('submits an area with its level', () => {
    const city = renderToStaticMarkup(<PickerInput name="area" kind="area" value={[{ id: 440100, name: '广州市', level: 3 }]} />);
    expect(hiddenFields(city)).toEqual({ area: '440100', level: '3' });
    const region = renderToStaticMarkup(<PickerInput name="area" kind="area" levelName="areaLevel" value={[{ id: 5, name: '华南', level: 1 }]} />);
    expect(hiddenFields(region)).toEqual({ area: '5', areaLevel: '1' });
  });

  it('submits the car models and, when asked, their sub-series', () => {
    const html = renderToStaticMarkup(
      <PickerInput
        name="carIds"
        kind="carModel"
        seriesName="modelSubId"
        series={{ id: 155, name: '阿维塔06' }}
        value={[{ id: 2051, name: '阿维塔06 2026款 增程 171km 出行版' }]}
      />,
    );
    expect(hiddenFields(html)).toEqual({ carIds: '2051', modelSubId: '155' });
  });

  it('announces a dialog and renders none on the server', () => {
    const html = renderToStaticMarkup(<PickerInput name="series" kind="series" placeholder="全部车系" />);
    const input = shownInput(html);
    expect(input).toContain('aria-haspopup="dialog"');
    // No aria-expanded: a read-only text field may not carry it (axe's aria-allowed-attr, decision 182).
    expect(input).not.toContain('aria-expanded');
    expect(input).toContain('placeholder="全部车系"');
    expect(html).not.toContain('modal');
  });

  it('is disabled with no way to open', () => {
    const html = renderToStaticMarkup(<PickerInput name="company" kind="company" disabled />);
    expect(shownInput(html)).toContain('disabled=""');
    expect(html).toContain('field pick-input disabled');
  });
});
