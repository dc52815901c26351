import { Alert, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK, publicIssueTicketBodySchema } from '@switchboard/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TicketFields, TicketSubmit } from '../../../components/ticket-form/ticket-fields.tsx';
import { useTicketDraft } from '../../../components/ticket-form/use-ticket-draft.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { createFormBotCheck, type FormBotCheck } from '../../../lib/captcha.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { PUBLIC_PRESIGN_PATH, type PublicTicketFields } from '../api/submit-public-ticket.ts';
import { publicTicketMessages } from '../messages.ts';
import { SuggestionsSlot } from '../../../components/article-suggestions/suggestions-slot.tsx';

export interface PublicTicketFormProps {
  /** The number the person checked first (digits after +88), or empty. */
  initialNumber?: string;
  submitting: boolean;
  /** The refusal of the last submit, shown inline (and per field where the server names one). */
  error: unknown;
  /** Called on every edit, so that a refusal about the old values goes away. */
  onEdit: () => void;
  /** The fields, and the form's bot check (its images' solution serves the submission too). */
  onSubmit: (fields: PublicTicketFields, botCheck: FormBotCheck) => void;
}

/** The endpoint's own schema without the bot check: the page never accepts what the API refuses. */
const fieldsSchema = publicIssueTicketBodySchema.omit({ token: true });

/**
 * The form of /create-ticket (spec §2, §5 Public form): the signed-in form's fields without the
 * issuer type, plus the e-mail address, checked when the field is left. Submit stays disabled until
 * everything is valid and the images are up; the bot check runs when it is pressed.
 */
export function PublicTicketForm({ initialNumber, submitting, error, onEdit, onSubmit }: PublicTicketFormProps) {
  const t = useMessages(publicTicketMessages);
  // One bot check per form, solved invisibly when the first image is picked (or on submit).
  const [botCheck] = useState(() => createFormBotCheck(PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK));
  const [presignFields] = useState(() => async () => ({ token: await botCheck.forUpload() }));
  const draft = useTicketDraft({ uploads: { presignPath: PUBLIC_PRESIGN_PATH, anonymous: true, presignFields }, onEdit });
  // The number checked on the step before, once, as if typed: the shared draft stays as the create form has it.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current) return;
    prefilled.current = true;
    if (initialNumber) draft.setNumberEntry(initialNumber);
  });
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);

  const fields: PublicTicketFields = { ...draft.fields, client_email: email.trim(), issuer_user_type: 'customer' };
  const schemaErrors = errorsOf(validateWith(fieldsSchema, fields));
  const valid = draft.chosen && Object.keys(schemaErrors).length === 0;
  const ready = valid && !draft.uploads.busy && !draft.failedUploads && !submitting;
  const serverSays = (field: string) => (error instanceof ApiError ? error.details?.[field] : undefined);
  // The number and the address are judged by the schema once the person leaves the field, in this page's words.
  const numberInvalid = draft.numberTouched && draft.numberEntry !== '' && schemaErrors.problematic_number !== undefined;
  const emailInvalid = emailTouched && email.trim() !== '' && schemaErrors.client_email !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit(fields, botCheck);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('pageTitle')}>
      <Stack gap="md">
        <TicketFields
          draft={draft}
          submitting={submitting}
          numberAutoComplete="tel-national"
          belowTitle={<SuggestionsSlot title={draft.title} submitting={submitting} />}
          errors={{
            group_id: serverSays('group_id'),
            sub_group_id: serverSays('sub_group_id'),
            title: serverSays('title'),
            problematic_number: numberInvalid ? t('problematicNumberInvalid') : serverSays('problematic_number'),
            description: serverSays('description'),
          }}
          besideNumber={
            <TextInput
              label={t('email')}
              placeholder={t('emailPlaceholder')}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                onEdit();
              }}
              // Checked once the person leaves the field, then as they correct it.
              onBlur={() => setEmailTouched(true)}
              error={emailInvalid ? t('emailInvalid') : serverSays('client_email')}
              required
            />
          }
        />
        {error !== null && error !== undefined && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={t('failedTitle')} role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <TicketSubmit draft={draft} valid={valid} disabled={!ready && !submitting} submitting={submitting} wide />
      </Stack>
    </form>
  );
}
