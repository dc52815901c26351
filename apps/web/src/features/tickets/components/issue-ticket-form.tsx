import { Button, Input, Paper, Stack } from '@mantine/core';
import {
  canChooseIssuerType,
  issueTicketBodySchema,
  type IssueTicketInput,
  type IssuerUserType,
  type UserType,
} from '@switchboard/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TicketFields, TicketSubmit } from '../../../components/ticket-form/ticket-fields.tsx';
import { useTicketDraft } from '../../../components/ticket-form/use-ticket-draft.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { currentSession } from '../../../lib/session.ts';
import { useLabels } from '../../../lib/labels.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { ticketsMessages } from '../messages.ts';
import { SuggestionsSlot } from '../../../components/article-suggestions/suggestions-slot.tsx';

const ISSUER_CHOICES: readonly IssuerUserType[] = ['agent', 'customer'];

export interface IssueTicketFormProps {
  userType: UserType;
  submitting: boolean;
  onSubmit: (body: IssueTicketInput) => void;
  /** Shown under the number (the open tickets of the number, on /add-ticket); gets what was typed after +88. */
  numberNotice?: (entry: string) => ReactNode;
}

const PRESIGN_PATH = '/tickets/get-presigned-post';

/**
 * Where the ticket being typed is kept, per user and for this tab only (as a comment's draft): a
 * link of the open-tickets notice, a reload or a forced sign-in does not lose it; it goes once the
 * ticket is raised (forgetTicketDraft).
 */
function draftKey(): string {
  return `ticket_draft:${currentSession()?.sub ?? ''}`;
}

/** Forgets the kept draft: the ticket was raised. */
export function forgetTicketDraft(): void {
  sessionStorage.removeItem(draftKey());
}

/** Agents raise tickets mostly for themselves; staff mostly on behalf of a customer who called. */
function defaultIssuerType(userType: UserType): IssuerUserType {
  return userType === 'agent' ? 'agent' : 'customer';
}

/**
 * The create-ticket form of signed-in users (spec §2 /add-ticket, §5 Ticket form). Submit stays
 * disabled until title, number, description, group and subgroup are valid and the images are up.
 */
export function IssueTicketForm({ userType, submitting, onSubmit, numberNotice }: IssueTicketFormProps) {
  const t = useMessages(ticketsMessages);
  const labels = useLabels();
  const draft = useTicketDraft({ uploads: { presignPath: PRESIGN_PATH }, keepIn: draftKey() });
  const [issuerType, setIssuerType] = useState<IssuerUserType>(defaultIssuerType(userType));
  const chooseIssuer = canChooseIssuerType({ user_type: userType });

  const body: IssueTicketInput = { ...draft.fields, issuer_user_type: chooseIssuer ? issuerType : 'customer' };
  // The endpoint's schema judges what has been typed; an empty field is the disabled button's business.
  const schemaErrors = errorsOf(validateWith(issueTicketBodySchema, body));
  // The spec's rule is about filled fields: Submit is enabled then, and a body the schema refuses is not sent.
  const valid = draft.filled;
  const ready = valid && !draft.uploads.busy && !draft.failedUploads;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && Object.keys(schemaErrors).length === 0) onSubmit(body);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TicketFields
          draft={draft}
          submitting={submitting}
          numberAutoComplete="off"
          belowTitle={<SuggestionsSlot title={draft.title} submitting={submitting} />}
          errors={{
            title: draft.title !== '' && schemaErrors.title,
            problematic_number: draft.numberTouched && draft.numberEntry !== '' && schemaErrors.problematic_number,
            description: draft.description !== '' && schemaErrors.description,
          }}
          besideNumber={
            chooseIssuer && (
              <Input.Wrapper label={t('issuerType')} labelElement="div" id="issuer-type">
                {/* Two toggle buttons rather than a segmented control: the form is close to its script budget. */}
                <Button.Group aria-labelledby="issuer-type-label" w="100%">
                  {ISSUER_CHOICES.map((choice) => (
                    <Button
                      key={choice}
                      flex={1}
                      variant={issuerType === choice ? 'filled' : 'default'}
                      aria-pressed={issuerType === choice}
                      onClick={() => setIssuerType(choice)}
                    >
                      {labels.userType(choice)}
                    </Button>
                  ))}
                </Button.Group>
              </Input.Wrapper>
            )
          }
          belowNumber={numberNotice?.(draft.numberEntry)}
        />
        <TicketSubmit draft={draft} valid={valid} disabled={!ready} submitting={submitting} />
      </Stack>
    </Paper>
  );
}
