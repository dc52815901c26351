import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INCIDENT_PUBLIC_NOTE_MAX_LENGTH, TITLE_MAX_LENGTH } from '@switchboard/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { IncidentTextFields } from './incident-text-fields.tsx';

/** The text of what describes a field (its hint, its error). */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const LABELS = { title: 'Title', publicNote: 'Public note', publicNoteHint: 'Shown on the ticket forms' };

function Fields({ errors, between }: { errors?: Record<string, string>; between?: string }) {
  const [title, setTitle] = useState('Fibre cut');
  const [publicNote, setPublicNote] = useState('');
  return (
    <IncidentTextFields
      title={title}
      onTitleChange={setTitle}
      publicNote={publicNote}
      onPublicNoteChange={setPublicNote}
      errors={errors}
      labels={LABELS}
    >
      {between && <p>{between}</p>}
    </IncidentTextFields>
  );
}

describe("an incident's title and public note", () => {
  it('edits both within the limits of the schema, the title required', async () => {
    renderWithProviders(<Fields />);
    const title = screen.getByRole<HTMLInputElement>('textbox', { name: /^Title/ });
    const note = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Public note' });
    expect(title.value).toBe('Fibre cut');
    expect(title.required).toBe(true);
    expect(title.maxLength).toBe(TITLE_MAX_LENGTH);
    expect(note.maxLength).toBe(INCIDENT_PUBLIC_NOTE_MAX_LENGTH);
    expect(descriptionOf(note)).toContain('Shown on the ticket forms');
    await userEvent.type(note, 'Engineers are on site');
    expect(note.value).toBe('Engineers are on site');
    await userEvent.clear(title);
    expect(title.value).toBe('');
  });

  it("shows each field's error, and what a dialog puts between the two fields", () => {
    renderWithProviders(<Fields errors={{ title: 'A title is needed', public_note: 'Too long' }} between="Group" />);
    expect(descriptionOf(screen.getByRole('textbox', { name: /^Title/ }))).toContain('A title is needed');
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Public note' }))).toContain('Too long');
    const order = [...document.querySelectorAll('input, textarea, p')].map((node) => node.textContent || node.tagName);
    expect(order.indexOf('Group')).toBeGreaterThan(order.indexOf('INPUT'));
    expect(order.indexOf('Group')).toBeLessThan(order.indexOf('TEXTAREA'));
  });
});
