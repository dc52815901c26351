import { Switch } from '@mantine/core';
import { FORWARD_CAUSE_MAX_LENGTH } from '@switchboard/shared';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';

/** The field errors of a forward form, by the API's field names. */
export type ForwardErrors = Partial<Record<'newly_issued_to' | 'forward_cause', string>>;

/** Field messages the server sent with a 400, so that they show beside the fields too. */
export function serverFieldErrors(error: unknown): ForwardErrors {
  if (!(error instanceof ApiError) || !error.details) return {};
  const { newly_issued_to, forward_cause } = error.details;
  return { ...(newly_issued_to ? { newly_issued_to } : {}), ...(forward_cause ? { forward_cause } : {}) };
}

export interface ForwardFieldsProps {
  cause: string;
  onCauseChange: (cause: string) => void;
  stayInLoop: boolean;
  onStayInLoopChange: (stay: boolean) => void;
  causeError?: string;
  disabled: boolean;
}

/** The cause (required, spec §5) and the stay-in-loop switch, shared by Forward and Resolve & Forward. */
export function ForwardFields({
  cause,
  onCauseChange,
  stayInLoop,
  onStayInLoopChange,
  causeError,
  disabled,
}: ForwardFieldsProps) {
  const t = useMessages(ticketViewMessages);
  return (
    <>
      <MultilineTextarea
        label={t('causeLabel')}
        placeholder={t('causePlaceholder')}
        required
        rows={4}
        maxLength={FORWARD_CAUSE_MAX_LENGTH}
        value={cause}
        onChange={onCauseChange}
        error={causeError}
        disabled={disabled}
      />
      <Switch
        label={t('stayInLoopLabel')}
        description={t('stayInLoopDescription')}
        checked={stayInLoop}
        onChange={(event) => onStayInLoopChange(event.currentTarget.checked)}
        disabled={disabled}
      />
    </>
  );
}
