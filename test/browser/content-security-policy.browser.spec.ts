import { describeInBrowser, openPage, ready, useBrowser } from '../support/browser';
import { pollUntil } from '../support/poll';
import { testEnv } from '../support/test-env';

/**
 * The pages run under the app's Content-Security-Policy (docs/security.md), and every browser test would see
 * a violation: openPage turns `securitypolicyviolation` into a console error. This file proves both halves —
 * an inline script without the nonce is blocked and reported, and the signed-in page hydrates and navigates
 * with the policy on (its own scripts carry the nonce).
 */
describeInBrowser('Content-Security-Policy in the browser', () => {
  const browser = useBrowser();

  test('an inline script without the nonce is blocked, and the violation fails the page’s check', async () => {
    const { page, errors } = await openPage(browser());
    const response = await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // The report reaches the console a moment after the block: wait for it (for at most 5 s), then read the errors.
    await pollUntil(
      () => Promise.resolve(errors.join('\n')),
      (text) => /CSP violation: script-src/.test(text),
      5_000,
    );
    expect(errors.join('\n')).toMatch(/CSP violation: script-src/);
  });

  test('the login page hydrates under the policy: submitting the form goes through Remix’s fetch, with no violation', async () => {
    const { page, assertClean } = await openPage(browser());
    await page.goto(`${testEnv().baseUrl}/login`);
    await ready(page);
    // Hydrated: the form's submit goes through Remix's fetch (the button shows its loading state), not a document post.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    // An empty form: the API's 400 message, no sign-in attempt counted against this address.
    await page.getByRole('button', { name: '登录' }).click();
    await page.locator('.login-card__error').waitFor();
    expect(documents).toEqual([]);
    assertClean();
  });
});
