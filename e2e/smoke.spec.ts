import { expect, test } from '@playwright/test';

test('the server answers and serves the app', async ({ page, request }) => {
  expect((await request.get('/healthz')).ok()).toBe(true);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle(/Switchboard/);
  await expect(page.getByLabel('Switchboard Number')).toBeVisible();
  expect(errors).toEqual([]);
});
