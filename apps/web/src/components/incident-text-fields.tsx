import { Textarea, TextInput } from '@mantine/core';
import { INCIDENT_PUBLIC_NOTE_MAX_LENGTH, TITLE_MAX_LENGTH } from '@switchboard/shared';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../lib/schema-form.ts';

export interface IncidentTextFieldsProps {
  title: string;
  onTitleChange: (title: string) => void;
  publicNote: string;
  onPublicNoteChange: (publicNote: string) => void;
  /** The schema's complaints by field (`title`, `public_note`); none until the person has tried to confirm. */
  errors?: FieldErrors;
  /** The words of each dialog's own catalog. */
  labels: { title: string; publicNote: string; publicNoteHint: string };
  /** The note's height in rows before it grows with its text. */
  noteRows?: number;
  /** What a dialog asks between the title and the note (a new incident's group and subgroup). */
  children?: ReactNode;
}

/**
 * The title and public note of an incident, as the dialogs that create and edit one ask for them:
 * the title first (focused as the dialog opens), the note last, each within its schema's limit.
 */
export function IncidentTextFields({
  title,
  onTitleChange,
  publicNote,
  onPublicNoteChange,
  errors,
  labels,
  noteRows = 2,
  children,
}: IncidentTextFieldsProps) {
  return (
    <>
      <TextInput
        label={labels.title}
        value={title}
        onChange={(event) => onTitleChange(event.currentTarget.value)}
        maxLength={TITLE_MAX_LENGTH}
        error={errors?.title}
        required
        data-autofocus
      />
      {children}
      <Textarea
        label={labels.publicNote}
        description={labels.publicNoteHint}
        value={publicNote}
        onChange={(event) => onPublicNoteChange(event.currentTarget.value)}
        maxLength={INCIDENT_PUBLIC_NOTE_MAX_LENGTH}
        error={errors?.public_note}
        autosize
        minRows={noteRows}
      />
    </>
  );
}
