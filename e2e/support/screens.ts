/**
 * The screens each kind of user can reach, for the journeys that visit them all (accessibility in
 * English, readability in Bangla); `view` opens the first ticket of the list.
 */
import { expect, type Page } from '@playwright/test';

export const CUSTOMER_SCREENS = ['/tickets?page=1', '/add-ticket', 'view'] as const;

export const ADMIN_SCREENS = [
  '/tickets?page=1',
  'view',
  '/add-ticket',
  '/dashboard',
  '/forwarded-tickets?page=1',
  '/incidents?tab=active&page=1',
  '/alarms?view=firing&page=1',
  '/alarms?view=rules&page=1',
  '/canned-replies?page=1',
  '/report',
  '/user-info',
  '/create-user',
  '/group-info',
  '/create-group',
  '/notifications',
  '/audit',
  '/service-levels',
  '/calendars',
  '/integrations?page=1',
  '/channels',
] as const;

/** Opens a screen of the lists above. */
export async function openScreen(page: Page, screen: string): Promise<void> {
  if (screen !== 'view') {
    await page.goto(screen);
    return;
  }
  await page.goto('/tickets?page=1');
  await page.getByTestId('ticket-row').first().click();
  await expect(page).toHaveURL(/\/view-ticket\?id=\d+/);
}
