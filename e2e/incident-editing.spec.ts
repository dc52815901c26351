/**
 * Incidents beyond the burst banner (DESIGN.md §14): staff create one from the incidents screen and
 * from a ticket ("New incident" links that ticket), edit its title and public note while it is
 * active (the public page reads the new note), and dismiss a suggested burst for their department
 * (it stays dismissed after a reload; another department still sees it). English and Bangla,
 * desktop and phone.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Group, IssueTicketReply, PublicNotesReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.SHOTS_DIR ?? '.screenshots/incident-editing';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

const bangla = (page: Page) => page.addInitScript(() => localStorage.setItem('language', 'bn'));

/** A group with subgroups other than the one the other journeys raise their tickets in. */
async function quietSubgroup(request: APIRequestContext) {
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = [...groups.data].reverse().find((candidate) => candidate.sub_groups.length > 1);
  const subgroup = group?.sub_groups.at(-1);
  if (!group || !subgroup) throw new Error('no group with subgroups in the demo data');
  return { group, subgroup };
}

test('staff create an incident from the incidents screen and edit its title and public note', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const { group, subgroup } = await quietSubgroup(request);
  await signInAs(page, DEMO.admin, '/incidents?tab=active&page=1');
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await dialog.getByLabel('Title').fill(`Power cut at the exchange ${stamp}`);
  await dialog.getByRole('combobox', { name: 'Group (optional)', exact: true }).click();
  await page.getByRole('option', { name: group.group_name, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Subgroup (optional)' }).click();
  await page.getByRole('option', { name: subgroup.sub_group_en }).click();
  await dialog.getByLabel('Public note (optional)').fill('We know about it.');
  await page.screenshot({ path: `${SHOTS}/new-en-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/incidents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Power cut at the exchange ${stamp}`);
  await expect(page.getByText('We know about it.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit incident' });
  await edit.getByLabel('Title').fill(`Power cut at the Mirpur exchange ${stamp}`);
  await edit.getByLabel('Public note').fill('Engineers are on site; service returns by 6 pm.');
  await page.screenshot({ path: `${SHOTS}/edit-en-desktop.png` });
  await edit.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Incident updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Power cut at the Mirpur exchange ${stamp}`);
  await expect(page.getByText('Engineers are on site; service returns by 6 pm.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/edited-en-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/edited-en-phone.png`, fullPage: true });

  // The public form reads the new note.
  const notes = (await (
    await request.get(`/api/v1/incidents/public-notes?sub_group_id=${subgroup._id}`)
  ).json()) as PublicNotesReply;
  expect(notes.data.map((note) => note.public_note)).toContain('Engineers are on site; service returns by 6 pm.');
});

test('staff open a new incident from a ticket, which is linked to it (Bangla, phone)', async ({ page, request }) => {
  const customer = await tokenFor(request, DEMO.customer);
  const id = await issueTicketAs(request, customer, `Whole street offline ${stamp}`);
  await bangla(page);
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.admin, `/view-ticket?id=${id}`);
  const panel = page.getByRole('region', { name: 'ইনসিডেন্ট' });
  await panel.getByRole('button', { name: 'নতুন ইনসিডেন্ট' }).click();
  const dialog = page.getByRole('dialog', { name: 'নতুন ইনসিডেন্ট' });
  await expect(dialog.getByRole('textbox', { name: /শিরোনাম/ })).toHaveValue(`Whole street offline ${stamp}`);
  await page.screenshot({ path: `${SHOTS}/new-from-ticket-bn-phone.png` });
  await dialog.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
  await expect(page).toHaveURL(/\/incidents\/\d+$/);
  await expect(page.getByRole('link', { name: String(id) }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/from-ticket-bn-phone.png`, fullPage: true });
});

test('a dismissed burst stays dismissed for the department, and another department still sees it', async ({ page, request }) => {
  const { group, subgroup } = await quietSubgroup(request);
  const customer = await tokenFor(request, DEMO.customer);
  for (let i = 0; i < 5; i++) {
    const reply = await request.post('/api/v1/tickets/issue-ticket', {
      headers: { authorization: `Bearer ${customer}` },
      data: {
        title: `No dial tone ${stamp} ${i}`,
        problematic_number: '8801712345678',
        description: 'Since this morning.',
        group_id: group._id,
        sub_group_id: subgroup._id,
        issuer_user_type: 'customer',
      },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    (await reply.json()) as IssueTicketReply;
  }
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  const burst = page.getByRole('alert').filter({ hasText: subgroup.sub_group_en });
  await expect(burst).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/banner-en-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/banner-en-phone.png` });
  await page.setViewportSize(DESKTOP);
  await burst.getByRole('button', { name: 'Not an incident' }).click();
  await expect(page.getByText('Suggestion dismissed')).toBeVisible();
  await expect(burst).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(burst).toHaveCount(0);

  // Retail Sales did not dismiss it.
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  await expect(page.getByRole('alert').filter({ hasText: subgroup.sub_group_en })).toBeVisible();
});

test('the banner in Bangla offers both choices', async ({ page }) => {
  await bangla(page);
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  const burst = page.getByRole('alert').first();
  await expect(burst.getByRole('button', { name: 'ইনসিডেন্ট নয়' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/banner-bn-phone.png` });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/banner-bn-desktop.png` });
});
