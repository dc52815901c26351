/** Administration journeys: users (admin) and groups (moderator), and the screens at desktop and phone widths. */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, otpFromOutbox, signInAs, solveCaptcha } from './support/session.ts';

const SHOTS = '.screenshots/admin';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const field = (scope: Page | ReturnType<Page['locator']>, name: string | RegExp) =>
  scope.getByRole('textbox', { name, exact: typeof name === 'string' });

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the admin creates a user, changes their role inline and deletes them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The table is paged on the server: a seeded account is found by search, not by being on page 1.
  await signInAs(page, DEMO.admin, '/user-info?q=Ayesha');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ayesha Rahman/ })).toBeVisible();

  await page.getByRole('link', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/create-user$/);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await field(page, 'Name').fill('Mitu Chowdhury');
  await field(page, 'Switchboard Number').fill('09638123456');
  await field(page, 'Phone Number').fill('01712345678');
  await choose(page, 'User Type', 'Retail Sales');
  await choose(page, 'Role', 'Support');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Successfully create a new user')).toBeVisible();
  await expect(page).toHaveURL(/\/user-info$/);

  const row = page.getByRole('row', { name: /Mitu Chowdhury/ });
  await expect(row).toContainText('+8809638123456');
  await expect(row).toContainText('Support');

  // The same number again: the server's message is shown.
  await page.goto('/create-user');
  await field(page, 'Name').fill('Someone Else');
  await field(page, 'Switchboard Number').fill('09638123456');
  await field(page, 'Phone Number').fill('01712345679');
  await choose(page, 'User Type', 'Customer Care');
  await choose(page, 'Role', 'User');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('A user with this number already exists')).toBeVisible();

  await page.goto('/user-info');
  await page.getByRole('button', { name: 'Edit Mitu Chowdhury' }).click();
  const editing = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save Mitu Chowdhury' }) });
  await choose(page, 'Role', 'Moderator', editing);
  await page.screenshot({ path: `${SHOTS}/user-info-inline-edit-desktop.png` });
  await page.getByRole('button', { name: 'Save Mitu Chowdhury' }).click();
  await expect(page.getByRole('row', { name: /Mitu Chowdhury/ })).toContainText('Moderator');
  await page.reload();
  await expect(page.getByRole('row', { name: /Mitu Chowdhury/ })).toContainText('Moderator');

  await page.getByRole('button', { name: 'Delete Mitu Chowdhury' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(dialog).toContainText('Mitu Chowdhury');
  await page.screenshot({ path: `${SHOTS}/user-info-delete-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully Delete an user')).toBeVisible();
  await expect(page.getByRole('row', { name: /Mitu Chowdhury/ })).toHaveCount(0);
});

test('the moderator creates a group with Bangla and English subgroups, adds one and renames', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.moderator, '/group-info');
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/create-group$/);

  await field(page, 'Group Name').fill('Fiber Connection');
  await field(page, 'Subgroup (Bangla)').fill('তার কাটা');
  await field(page, 'Subgroup (English)').fill('Cable cut');
  await page.getByRole('button', { name: 'Add another subgroup' }).click();
  await field(page, 'Subgroup (Bangla)').nth(1).fill('সংকেত দুর্বল');
  await field(page, 'Subgroup (English)').nth(1).fill('Weak signal');
  await page.screenshot({ path: `${SHOTS}/create-group-filled-desktop.png` });
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Successfully created a new group')).toBeVisible();
  await expect(page).toHaveURL(/\/group-info$/);

  const row = page.getByRole('row', { name: /Fiber Connection/ });
  await expect(row).toContainText('তার কাটা');
  await expect(row).toContainText('Weak signal');

  await page.getByRole('button', { name: 'Add subgroup to Fiber Connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add subgroup to Fiber Connection' });
  await field(dialog, 'Subgroup (Bangla)').fill('রাউটার বন্ধ');
  await field(dialog, 'Subgroup (English)').fill('Router off');
  await page.screenshot({ path: `${SHOTS}/group-info-add-subgroup-desktop.png` });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Successfully created a new subgroup')).toBeVisible();
  await expect(row).toContainText('রাউটার বন্ধ');

  await page.getByRole('button', { name: 'Rename Cable cut' }).click();
  await field(row, 'Subgroup (English)').fill('Fiber cut');
  await field(row, 'Subgroup (Bangla)').fill('ফাইবার কাটা');
  await page.getByRole('button', { name: 'Save Cable cut' }).click();
  await expect(page.getByText('Subgroup updated successfully')).toBeVisible();
  await expect(row).toContainText('ফাইবার কাটা');
  await expect(row).toContainText('Fiber cut');

  await page.getByRole('button', { name: 'Rename Fiber Connection' }).click();
  await field(page, 'Group Name').fill('Fiber Broadband');
  await field(page, 'Group Name').press('Enter');
  await expect(page.getByText('Group name updated successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Fiber Broadband/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/group-info-after-edits-desktop.png`, fullPage: true });

  // A ticket form reads the renamed group and its subgroups from the public endpoint.
  const groups = (await (await page.request.get('/api/v1/groups')).json()) as {
    data: { group_name: string; sub_groups: { sub_group_en: string }[] }[];
  };
  const saved = groups.data.find((group) => group.group_name === 'Fiber Broadband');
  expect(saved?.sub_groups.map((sub) => sub.sub_group_en)).toEqual(['Fiber cut', 'Weak signal', 'Router off']);
});

test('a customer typing an admin address is sent to the ticket list', async ({ page }) => {
  for (const path of ['/user-info', '/create-user', '/group-info', '/create-group']) {
    await signInAs(page, DEMO.customer, path);
    await expect(page).toHaveURL(/\/tickets\?page=1$/);
  }
});

test("an agent or a customer typing a staff screen's address is sent to the ticket list", async ({ page }) => {
  for (const entry of [DEMO.agent, DEMO.customer]) {
    for (const path of ['/incidents?tab=active&page=1', '/incidents/1', '/canned-replies?page=1']) {
      await signInAs(page, entry, path);
      await expect(page).toHaveURL(/\/tickets\?page=1$/);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    }
  }
});

test('each admin screen at desktop and phone widths', async ({ page }) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [path, heading] of [
      ['/user-info', 'Users'],
      ['/create-user', 'Create User'],
      ['/group-info', 'Groups'],
      ['/create-group', 'Create Group'],
    ] as const) {
      await signInAs(page, DEMO.admin, path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      // Wait for the data, not a fixed time: the loading line disappears.
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}${path}-${viewport.name}.png` });
    }
  }
  // On a phone the rows are cards, and a card turns into a form in place.
  await signInAs(page, DEMO.admin, '/user-info?q=Nusrat');
  await page.getByRole('button', { name: 'Edit Nusrat Jahan' }).click();
  await expect(page.getByRole('article', { name: 'Nusrat Jahan' }).getByRole('combobox', { name: 'Role' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/user-info-inline-edit-phone.png` });
  await page.getByRole('button', { name: 'Cancel editing' }).click();
  await signInAs(page, DEMO.admin, '/group-info');
  await page.getByRole('button', { name: 'Rename Slow speed' }).click();
  await expect(field(page, 'Subgroup (English)')).toHaveValue('Slow speed');
  await page.screenshot({ path: `${SHOTS}/group-info-inline-edit-phone.png`, fullPage: true });
});

test('the admin finds users by part of the name and by number, and pages through the matches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin, '/user-info');
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  // Twelve users with a name of this run: more than one page of matches.
  const run = Date.now().toString(36);
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const numbers = Array.from({ length: 12 }, (_, i) => `096${stamp}${String(i).padStart(2, '0')}`);
  for (const [i, number] of numbers.entries()) {
    const created = await page.request.post('/api/v1/users/signup', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: {
        name: `Paging ${run} Person ${String(i + 1).padStart(2, '0')}`,
        product_number: `88${number}`,
        phone_number: '8801712345678',
        user_type: 'customer',
        role: 'user',
      },
    });
    expect(created.status()).toBe(201);
  }

  const search = page.getByRole('textbox', { name: 'Search users' });
  await search.fill(`paging ${run}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=paging(\\+|%20)${run}`));
  await expect(page.getByText('Showing 1-10 out of 12')).toBeVisible();
  // Newest first: the last one created leads.
  await expect(page.getByRole('row').nth(1)).toContainText(`Paging ${run} Person 12`);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText('Showing 11-12 out of 12')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Paging ${run} Person 01`) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/user-info-search-page-2-desktop.png` });
  await page.reload();
  await expect(page.getByText('Showing 11-12 out of 12')).toBeVisible();

  // A number in its international form finds exactly its user.
  await search.fill(`+88${numbers[4] ?? ''}`);
  await expect(page.getByText('Showing 1-1 out of 1')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Paging ${run} Person 05`) })).toBeVisible();
  // And in the local form, as people say it.
  await search.fill(numbers[7] ?? '');
  await expect(page.getByRole('row', { name: new RegExp(`Paging ${run} Person 08`) })).toBeVisible();
  await expect(page.getByText('Showing 1-1 out of 1')).toBeVisible();
});

test('the admin sees the wrong OTPs of a number and lifts its lock', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Somebody asks for a code of a number of their own and types three wrong ones.
  const entry = '09638777001';
  const productNumber = `88${entry}`;
  const sent = await page.request.post('/api/v1/users/generate-otp', {
    data: { product_number: productNumber, token: await solveCaptcha(page.request) },
  });
  expect(sent.ok()).toBe(true);
  const wrong = (await otpFromOutbox(page.request, entry)) === '111111' ? '222222' : '111111';
  for (let i = 0; i < 3; i++) {
    const login = await page.request.post('/api/v1/users/login', {
      data: { product_number: productNumber, otp: wrong, token: await solveCaptcha(page.request) },
    });
    expect(login.status()).toBe(400);
  }

  await signInAs(page, DEMO.admin, '/user-info');
  const panel = page.getByRole('form', { name: 'Sign-in lock' });
  await panel.getByRole('textbox', { name: 'Number' }).fill(entry);
  await panel.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('3 wrong OTPs in the last 24 hours')).toBeVisible();
  await expect(page.getByText('Not locked')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-in-lock-desktop.png` });

  await page.getByRole('button', { name: 'Clear lock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear sign-in lock' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Sign-in lock cleared')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('0 wrong OTPs in the last 24 hours')).toBeVisible();
});
