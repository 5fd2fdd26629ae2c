import { describeInBrowser, useBrowser } from '../support/browser';
import { openSignedIn, settled } from '../support/sales-pages';

/**
 * A pick-list dialog whose session has ended (decision 157): its list comes through the `/picklist`
 * resource route, whose call to the API meets the dead session; the page is then reloaded, and its own
 * loader sends the user to sign in, to come back to the page (not to the resource route).
 */
describeInBrowser('a pick-list dialog after the session ended', () => {
  const browser = useBrowser();

  test('sends the user to /login, remembering the page', async () => {
    const opened = await openSignedIn(browser(), '/salevolume/companybrand');
    const { page, assertClean } = opened;
    await settled(page);
    const path = new URL(page.url()).pathname;

    await page.context().clearCookies();
    const groupHead = page.locator('.filter-group__head', { hasText: '厂商' });
    if ((await groupHead.getAttribute('aria-expanded')) !== 'true') await groupHead.click();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/login'),
      page.locator('.filter-panel .filter-group', { has: groupHead }).locator('.pick-input input[readonly]').click(),
    ]);
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(path);
    assertClean();
  });
});
