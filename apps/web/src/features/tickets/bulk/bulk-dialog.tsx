/** A bulk action's confirm dialog: its fields, then progress while the server works through the tickets. */
import { NativeSelect, Progress, Stack, Switch, Text } from '@mantine/core';
import {
  forwardCauseSchema,
  forwardTargetsFor,
  FORWARD_CAUSE_MAX_LENGTH,
  type BulkActionInput,
  type BulkActionReply,
  type TicketPriority,
  type UserType,
} from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { translateMessageRef } from '../../../lib/schema-messages.ts';
import { useBulkAction } from './bulk-api.ts';
import { bulkMessages } from './messages.ts';
import { IncidentPicker, PriorityPicker } from './bulk-fields.tsx';

export type Action = 'forward' | 'resolve' | 'assignMe' | 'release' | 'priority' | 'incident';
export const ACTIONS: {
  action: Action;
  label: 'actionForward' | 'actionResolve' | 'actionAssignMe' | 'actionRelease' | 'actionPriority' | 'actionIncident';
}[] = [
  { action: 'forward', label: 'actionForward' },
  { action: 'resolve', label: 'actionResolve' },
  { action: 'assignMe', label: 'actionAssignMe' },
  { action: 'release', label: 'actionRelease' },
  { action: 'priority', label: 'actionPriority' },
  { action: 'incident', label: 'actionIncident' },
];
const TITLES = {
  forward: 'forwardTitle',
  resolve: 'resolveTitle',
  assignMe: 'assignMeTitle',
  release: 'releaseTitle',
  priority: 'priorityTitle',
  incident: 'incidentTitle',
} as const;

type Summary = BulkActionReply['data'];

/** Who acts: the signed-in staff member. */
export interface BulkViewer {
  sub: string;
  user_type: UserType;
}

interface DialogProps {
  action: Action;
  ids: number[];
  viewer: BulkViewer;
  onDone: (summary: Summary) => void;
  onClose: () => void;
}
/** The confirm dialog of one action: its fields, then progress while the server works through the tickets. */
export function BulkDialog({ action, ids, viewer, onDone, onClose }: DialogProps) {
  const t = useMessages(bulkMessages);
  const labels = useLabels();
  const bulk = useBulkAction();
  const [target, setTarget] = useState<string | null>(null);
  const [cause, setCause] = useState('');
  const [stayInLoop, setStayInLoop] = useState(false);
  const [incident, setIncident] = useState<string | null>(null);
  const [priority, setPriority] = useState<TicketPriority>('high');
  const [errors, setErrors] = useState<Partial<Record<'target' | 'cause' | 'incident', string>>>({});
  const busy = bulk.isPending;
  // A selection may span holders: the targets are those of a ticket held elsewhere (never one's own but cc's).
  const targets = forwardTargetsFor(viewer, { issued_to: '' });

  const bodyOf = (): BulkActionInput | null => {
    const ticket_ids = ids;
    if (action === 'resolve') return { action, ticket_ids };
    if (action === 'assignMe') return { action: 'assign', ticket_ids, user_id: viewer.sub };
    if (action === 'release') return { action: 'assign', ticket_ids, user_id: null };
    if (action === 'priority') return { action, ticket_ids, priority };
    if (action === 'incident') {
      if (!incident) {
        setErrors({ incident: t('incidentRequired') });
        return null;
      }
      return { action, ticket_ids, incident_id: Number(incident) };
    }
    const parsedCause = forwardCauseSchema.safeParse(cause);
    const found = {
      ...(target ? {} : { target: t('forwardTargetRequired') }),
      ...(parsedCause.success ? {} : { cause: translateMessageRef(parsedCause.error.issues[0]?.message ?? '') }),
    };
    if (!target || !parsedCause.success) {
      setErrors(found);
      return null;
    }
    return {
      action,
      ticket_ids,
      newly_issued_to: target as (typeof targets)[number],
      forward_cause: parsedCause.data,
      is_in_forward_loop: stayInLoop,
    };
  };

  const confirm = () => {
    const body = bodyOf();
    if (!body) return;
    setErrors({});
    bulk.mutate(body, { onSuccess: onDone });
  };

  return (
    <ConfirmDialog
      opened
      title={t(TITLES[action], { count: ids.length })}
      body={
        <Stack gap="xs">
          <Text size="sm">{t('confirmBody')}</Text>
          {action === 'resolve' && <Text size="sm">{t('resolveBody')}</Text>}
        </Stack>
      }
      loading={busy}
      error={bulk.isError ? errorMessage(bulk.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        {action === 'forward' && (
          <>
            <NativeSelect
              label={t('forwardTarget')}
              required
              data={[
                { value: '', label: t('forwardTargetPlaceholder'), disabled: true },
                ...targets.map((value) => ({ value, label: labels.department(value) })),
              ]}
              value={target ?? ''}
              onChange={(event) => {
                setTarget(event.currentTarget.value || null);
                setErrors((current) => ({ ...current, target: undefined }));
              }}
              error={errors.target}
              disabled={busy}
            />
            <MultilineTextarea
              label={t('causeLabel')}
              placeholder={t('causePlaceholder')}
              required
              rows={3}
              maxLength={FORWARD_CAUSE_MAX_LENGTH}
              value={cause}
              onChange={(value) => {
                setCause(value);
                setErrors((current) => ({ ...current, cause: undefined }));
              }}
              error={errors.cause}
              disabled={busy}
            />
            <Switch
              label={t('stayInLoopLabel')}
              description={t('stayInLoopDescription')}
              checked={stayInLoop}
              onChange={(event) => setStayInLoop(event.currentTarget.checked)}
              disabled={busy}
            />
          </>
        )}
        {action === 'priority' && <PriorityPicker value={priority} onChange={setPriority} disabled={busy} />}
        {action === 'incident' && (
          <IncidentPicker
            value={incident}
            onChange={(value) => {
              setIncident(value);
              setErrors({});
            }}
            error={errors.incident}
            disabled={busy}
          />
        )}
        {busy && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('running', { count: ids.length })}</Text>
            <Progress value={100} animated striped aria-label={t('running', { count: ids.length })} />
          </Stack>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
