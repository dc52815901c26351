import { expect, test } from '@playwright/test';

test('the server answers and serves the app', async ({ page, request }) => {
  expect((await request.get('/healthz')).ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle(/Switchboard/);
});
