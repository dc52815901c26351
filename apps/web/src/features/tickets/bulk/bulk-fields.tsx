/** The fields of bulk actions that choose something: the incident to link to, the priority to set. */
import { NativeSelect } from '@mantine/core';
import { TICKET_PRIORITIES, type TicketPriority } from '@switchboard/shared';
import { useIncidentList } from '../../../entities/incidents.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { bulkMessages } from './messages.ts';

export interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  error?: string;
  disabled: boolean;
}

/** The active incidents to link to: the newest page, loaded when the dialog asks for it. Native selects: light, and a phone's own picker. */
export function IncidentPicker({ value, onChange, error, disabled }: FieldProps<string | null>) {
  const t = useMessages(bulkMessages);
  const incidents = useIncidentList('active', 1);
  const options = (incidents.data?.data ?? []).map((incident) => ({
    value: String(incident.id),
    label: t('incidentOption', { id: String(incident.id), title: incident.title }),
  }));
  const none = incidents.isSuccess && options.length === 0;
  return (
    <NativeSelect
      label={t('incidentLabel')}
      required
      data={[{ value: '', label: none ? t('noIncidents') : t('incidentPlaceholder'), disabled: true }, ...options]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      disabled={disabled || none}
    />
  );
}

/** The priority to give the tickets, highest first as on the ticket view. */
export function PriorityPicker({ value, onChange, disabled }: FieldProps<TicketPriority>) {
  const t = useMessages(bulkMessages);
  const labels = useLabels();
  return (
    <NativeSelect
      label={t('priorityLabel')}
      required
      data={[...TICKET_PRIORITIES].reverse().map((priority) => ({ value: priority, label: labels.priority(priority) }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as TicketPriority)}
      disabled={disabled}
    />
  );
}
