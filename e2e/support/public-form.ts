/** The public page asks for the number first (DESIGN.md §23); journeys about the form go past that step. */
import type { Page } from '@playwright/test';

/** Opens /create-ticket and goes on to the form without checking a number (English). */
export async function openPublicForm(page: Page): Promise<void> {
  await page.goto('/create-ticket');
  await page.getByRole('button', { name: 'Report a problem without checking' }).click();
}
