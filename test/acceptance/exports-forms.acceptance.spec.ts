import type { Page } from 'playwright-core';
import { describeInBrowser, ready, screenshot, useBrowser } from '../support/browser';
import { chooseCity, chooseOption, chosen } from '../support/export-pages';
import { openSession } from './support/analytics-kit';
import { ANALYST, pickMonth, url } from './support/files-kit';

jest.setTimeout(180_000);

/**
 * The export pages' forms as shipped (issue 26 items 4, 11, 12, 13; spec 001 §2.8, §2.11, §4, §9): the
 * 城市 tag opens the city dialog grouped by province with a search box; 重置 returns the month range to
 * its default (the calendar's first month through the same month); the price-volume export offers 发动机,
 * 变速箱 and 驱动形式 without 车型; an empty multi-select selects all when it gains focus.
 */
const tag = (page: Page, name: string) => page.getByRole('group', { name: '筛选标签' }).getByRole('button', { name, exact: true });
const tagNames = (page: Page) => page.getByRole('group', { name: '筛选标签' }).getByRole('button').allTextContents();
const monthOf = (page: Page, name: 'start' | 'end') => page.locator(`.export-page__months input[type="hidden"][name="${name}"]`).inputValue();

/** The month before a 'YYYY-MM'. */
function monthBefore(month: string): string {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

describeInBrowser('the export forms as shipped', () => {
  const browser = useBrowser();
  let page: Page;
  let assertClean: () => void;

  beforeAll(async () => {
    ({ page, assertClean } = await openSession(browser(), ANALYST));
  });

  afterEach(() => assertClean());

  test('城市: a dialog grouped by province with a search box; Enter searches, 确定 keeps the choice when reopened, 清空 empties it', async () => {
    await page.goto(url('/comprehensiveinquiry/cityretailexport'));
    await ready(page);
    await tag(page, '城市').click();
    await page.getByRole('textbox', { name: '城市', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '选择城市' });
    await dialog.waitFor();
    // Grouped by province: 广东省's heading with its cities under it.
    const guangdong = dialog.locator('.pick-dialog__group', { has: page.getByRole('heading', { name: '广东省', exact: true }) });
    await guangdong.getByRole('button', { name: '广州市', exact: true }).waitFor();
    expect(await dialog.locator('.pick-dialog__group h4').count()).toBeGreaterThan(20);
    // Enter searches: only 深圳市, under 广东省.
    const search = dialog.getByRole('searchbox');
    await search.fill('深圳');
    await search.press('Enter');
    await dialog.locator('.pick-dialog__group').first().getByRole('button', { name: '深圳市', exact: true }).waitFor();
    expect(await dialog.locator('.pick-dialog__group h4').allTextContents()).toEqual(['广东省']);
    expect(await dialog.locator('.pick-dialog__group .pick-toggle').allTextContents()).toEqual(['深圳市']);
    // A province's name finds its cities.
    await search.fill('海南');
    await search.press('Enter');
    await dialog.locator('.pick-dialog__group h4', { hasText: '海南省' }).waitFor();
    await dialog.getByRole('button', { name: '海口市', exact: true }).click();
    await search.fill('深圳');
    await search.press('Enter');
    await dialog.getByRole('button', { name: '深圳市', exact: true }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await chosen(page)).toEqual(expect.arrayContaining(['城市：海口市、深圳市']));
    // Reopened: the choice is kept.
    await page.getByRole('textbox', { name: '城市', exact: true }).click();
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: '深圳市', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshot(page, 'acceptance-export-city-dialog');
    // 清空 empties it.
    await dialog.getByRole('button', { name: '清空' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await chosen(page)).toEqual(expect.arrayContaining(['城市：全部']));
    // With a province chosen, the dialog offers only its cities.
    await tag(page, '省份').click();
    await chooseOption(page, '省份', '海南省');
    await chooseCity(page, '三亚市');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['省份：海南省', '城市：三亚市']));
    await page.getByRole('textbox', { name: '城市', exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.locator('.pick-dialog__group h4').allTextContents()).toEqual(['海南省']);
    await dialog.getByRole('button', { name: /关闭/ }).click();
    await dialog.waitFor({ state: 'detached' });

    // The price export's 城市 (with 车型) is the same dialog.
    await page.goto(url('/comprehensiveinquiry/pricedownload'));
    await ready(page);
    await tag(page, '车型').click();
    await tag(page, '城市').click();
    await chooseCity(page, '北京市');
    expect(await chosen(page)).toEqual(expect.arrayContaining(['城市：北京市']));
  });

  test("重置 returns the month range to the default: the calendar's first month through the same month", async () => {
    await page.goto(url('/comprehensiveinquiry/pricevolumeexport'));
    await ready(page);
    const latest = await monthOf(page, 'start');
    expect(latest).toMatch(/^\d{4}-\d{2}$/);
    expect(await monthOf(page, 'end')).toBe(latest);
    const earlier = monthBefore(latest);
    await pickMonth(page.locator('.export-page__months .month-picker').first(), earlier);
    expect(await chosen(page)).toEqual(expect.arrayContaining([`月份：${earlier} 至 ${latest}`]));
    await page.getByRole('button', { name: '重置' }).click();
    await ready(page);
    expect([await monthOf(page, 'start'), await monthOf(page, 'end')]).toEqual([latest, latest]);
    expect(await chosen(page)).toEqual(expect.arrayContaining([`月份：${latest} 至 ${latest}`]));
  });

  test('价量数据导出 offers 发动机, 变速箱 and 驱动形式 without 车型, and exports by them', async () => {
    await page.goto(url('/comprehensiveinquiry/pricevolumeexport'));
    await ready(page);
    const offered = await tagNames(page);
    expect(offered).toEqual(expect.arrayContaining(['发动机', '变速箱', '驱动形式']));
    expect(offered.indexOf('发动机')).toBeLessThan(offered.indexOf('燃料类型'));
    await tag(page, '变速箱').click();
    expect(await page.locator('.export-page__control', { hasText: '变速箱' }).count()).toBe(1);
    await page.getByRole('button', { name: '生成Excel' }).click();
    await page.locator('.export-progress__link').waitFor({ timeout: 150_000 });
    expect(await page.locator('.export-progress').textContent()).toMatch(/已完成/);
  });

  test('an empty export multi-select selects all when it gains focus, as on the other pages', async () => {
    await page.goto(url('/comprehensiveinquiry/fandiandownload'));
    await ready(page);
    await tag(page, '燃料类型').click();
    expect(await chosen(page)).toEqual(expect.arrayContaining(['燃料类型：全部']));
    const select = page.locator('.export-page__control', { hasText: '燃料类型' }).locator('.multi-select__input[aria-label="燃料类型"]');
    await select.focus();
    await expect(select.textContent()).resolves.toContain('全部');
    await select.click();
    // The values' rows (全部 above them is a row of the list too, but not a value).
    const options = page.locator('.multi-select__item[role="option"]');
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) await expect(options.nth(i).getAttribute('aria-selected')).resolves.toBe('true');
    const names = await options.allTextContents();
    expect(await chosen(page)).toEqual(expect.arrayContaining([`燃料类型：${names.map((n) => n.trim()).join('、')}`]));
  });
});
