import type { Page } from 'playwright-core';
import { describeInBrowser, openPage, ready, screenshot, useBrowser } from '../support/browser';
import { signInByApi } from '../support/export-pages';
import { testEnv } from '../support/test-env';
import { createAnalyst } from '../support/users';

const PASSWORD = 'MyExports@2026b';

const rows = (page: Page) => page.locator('.recent-exports tbody tr');

/**
 * 我的导出 on an export page (decision 180): each export says its kind, months and filters; one whose filter
 * matches nothing says 无数据（0 行）; the list follows a running job to its end by itself; 重新生成 queues the
 * same export again as a new row with the same conditions.
 */
describeInBrowser('my exports', () => {
  const browser = useBrowser();

  test('kind, months and filters; no rows said so; fresh while running; 重新生成 queues the same export', async () => {
    const { page, assertClean } = await openPage(browser(), { width: 1440, height: 900 });
    await signInByApi(page, await createAnalyst('myexportspage', PASSWORD, '我的导出页'), PASSWORD);
    await page.goto(`${testEnv().baseUrl}/comprehensiveinquiry/pricedownload`);
    await ready(page);
    await page.getByRole('group', { name: '筛选标签' }).getByRole('button', { name: '子车系代码', exact: true }).click();
    await page.getByRole('textbox', { name: '子车系代码' }).fill('NOSUCHCODE');
    await page.getByRole('button', { name: '生成Excel' }).click();

    // The list shows the new job at once and follows it to its end without a reload.
    const first = rows(page).first();
    await first.waitFor();
    await page.locator('.recent-exports__rows', { hasText: '无数据（0 行）' }).waitFor({ timeout: 60_000 });
    expect(await rows(page).count()).toBe(1);
    await expect(first.locator('.recent-exports__kind div').first().textContent()).resolves.toBe('价格数据');
    await expect(first.locator('.recent-exports__months').textContent()).resolves.toMatch(/^\d{4}-\d{2} 至 \d{4}-\d{2}$/);
    await expect(first.locator('.recent-exports__conditions').textContent()).resolves.toBe('子车系代码：NOSUCHCODE');
    // The form's own progress line follows the job by its own polling, a moment after the list's row.
    await page.locator('.export-progress', { hasText: '无数据（0 行）' }).waitFor();
    await expect(page.locator('.export-progress').textContent()).resolves.toContain('无数据（0 行）');
    const firstId = await first.getAttribute('data-job');

    // 重新生成: a second row, the same conditions, which the list follows to its end too.
    await first.getByRole('button', { name: /^重新生成/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.recent-exports tbody tr').length === 2);
    const again = rows(page).first();
    expect(await again.getAttribute('data-job')).not.toBe(firstId);
    await expect(again.locator('.recent-exports__conditions').textContent()).resolves.toBe('子车系代码：NOSUCHCODE');
    await expect(again.locator('.recent-exports__months').textContent()).resolves.toBe(
      await rows(page).nth(1).locator('.recent-exports__months').textContent(),
    );
    await again.locator('.recent-exports__rows', { hasText: '无数据（0 行）' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'my-exports');
    assertClean();
  });
});
