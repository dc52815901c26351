import { Alert, Anchor, Button, Group, List, NativeSelect, Paper, Progress, Stack, Switch, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  BULK_MAX_TICKETS,
  forwardCauseSchema,
  forwardTargetsFor,
  FORWARD_CAUSE_MAX_LENGTH,
  TICKET_PRIORITIES,
  type BulkActionInput,
  type BulkActionReply,
  type TicketPriority,
  type UserType,
} from '@switchboard/shared';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { useIncidentList } from '../../../entities/incidents.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { translateMessageRef } from '../../../lib/schema-messages.ts';
import { fetchMatchingIds, useBulkAction, type FetchListPage } from './bulk-api.ts';
import { bulkMessages } from './messages.ts';
import type { TicketSelectionState } from './use-ticket-selection.ts';

type Action = 'forward' | 'resolve' | 'assignMe' | 'release' | 'priority' | 'incident';
const ACTIONS: {
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

export interface BulkActionBarProps {
  selection: TicketSelectionState;
  /** The tickets of the page on screen, and how many match the filters in all. */
  pageIds: number[];
  total: number;
  /** A page of the tickets matching the screen's filters, in its order: "Select all N matching" reads through them. */
  fetchPage: FetchListPage;
  viewer: { sub: string; user_type: UserType };
}

/** The active incidents to link to: the newest page, loaded when the dialog asks for it. Native selects: light, and a phone's own picker. */
function IncidentPicker({ value, onChange, error, disabled }: FieldProps<string | null>) {
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
function PriorityPicker({ value, onChange, disabled }: FieldProps<TicketPriority>) {
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

interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  error?: string;
  disabled: boolean;
}

interface DialogProps {
  action: Action;
  ids: number[];
  viewer: BulkActionBarProps['viewer'];
  onDone: (summary: Summary) => void;
  onClose: () => void;
}

/** The confirm dialog of one action: its fields, then progress while the server works through the tickets. */
function BulkDialog({ action, ids, viewer, onDone, onClose }: DialogProps) {
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

/** What the last bulk action did: the count done, and each refused ticket (linked) with the reason. */
function BulkSummary({ summary, onDismiss }: { summary: Summary; onDismiss: () => void }) {
  const t = useMessages(bulkMessages);
  const ref = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the outcome, since the dialog that held focus is gone.
  useEffect(() => ref.current?.focus(), [summary]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color={summary.refused.length > 0 ? 'orange' : 'green'}
      variant="light"
      title={t('summaryTitle')}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onDismiss}
      data-testid="bulk-summary"
    >
      <Stack gap={6}>
        <Text size="sm">{t('summaryDone', { count: summary.done.length })}</Text>
        {summary.refused.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {t('summaryRefused', { count: summary.refused.length })}
            </Text>
            <List size="sm" spacing={4}>
              {summary.refused.map((refusal) => (
                <List.Item key={refusal.ticket_id} data-testid="bulk-refused">
                  <Anchor
                    fw={600}
                    // Dark enough on the alert's tint for AA contrast; underlined, as the only link in the text.
                    c="blue.9"
                    underline="always"
                    renderRoot={(props) => <Link to="/view-ticket" search={{ id: refusal.ticket_id }} {...props} />}
                  >
                    {t('refusedTicket', { id: String(refusal.ticket_id) })}
                  </Anchor>
                  {': '}
                  {refusal.message}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Staff's bulk action bar above the ticket list (DESIGN.md §30): how many tickets are selected,
 * "Select all N matching" when the filter matches more than the page, the actions, each confirmed
 * in a dialog, and the summary of the last one. Loaded lazily, for staff only.
 */
export default function BulkActionBar({ selection, pageIds, total, fetchPage, viewer }: BulkActionBarProps) {
  const t = useMessages(bulkMessages);
  const [action, setAction] = useState<Action | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [finding, setFinding] = useState<{ found: number; wanted: number } | null>(null);
  const [findError, setFindError] = useState<string | null>(null);
  const count = selection.ids.length;
  const wanted = Math.min(total, BULK_MAX_TICKETS);

  const selectMatching = async () => {
    setFindError(null);
    setFinding({ found: 0, wanted });
    try {
      const ids = await fetchMatchingIds(fetchPage, wanted, (found) => setFinding({ found, wanted }));
      selection.replace(ids);
    } catch (error) {
      setFindError(errorMessage(error));
    } finally {
      setFinding(null);
    }
  };

  return (
    <Stack gap="xs">
      {summary && <BulkSummary summary={summary} onDismiss={() => setSummary(null)} />}
      {count > 0 && (
        <Paper withBorder p="sm" component="section" aria-label={t('barLabel')} data-testid="bulk-bar">
          <Stack gap="xs">
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600} aria-live="polite">
                {t('selected', { count })}
              </Text>
              <Group gap="xs">
                {total > pageIds.length && count < wanted && !finding && (
                  <Button size="compact-sm" variant="subtle" onClick={() => void selectMatching()}>
                    {total > BULK_MAX_TICKETS
                      ? t('selectFirstMatching', { max: BULK_MAX_TICKETS, total })
                      : t('selectMatching', { total })}
                  </Button>
                )}
                <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear} disabled={finding !== null}>
                  {t('clearSelection')}
                </Button>
              </Group>
            </Group>
            {finding && (
              <Stack gap={4} role="status">
                <Text size="xs">{t('findingMatching', finding)}</Text>
                <Progress
                  value={(finding.found / Math.max(1, finding.wanted)) * 100}
                  aria-label={t('findingMatching', finding)}
                />
              </Stack>
            )}
            {findError && (
              <Text size="xs" c="red.8" role="alert">
                {findError}
              </Text>
            )}
            {selection.full && (
              <Text size="xs" c="dimmed">
                {t('full', { max: BULK_MAX_TICKETS })}
              </Text>
            )}
            <Group gap="xs">
              {ACTIONS.map((entry) => (
                <Button
                  key={entry.action}
                  size="xs"
                  variant={entry.action === 'resolve' ? 'filled' : 'light'}
                  disabled={finding !== null}
                  onClick={() => setAction(entry.action)}
                >
                  {t(entry.label)}
                </Button>
              ))}
            </Group>
          </Stack>
        </Paper>
      )}
      {action && (
        <BulkDialog
          action={action}
          ids={selection.ids}
          viewer={viewer}
          onClose={() => setAction(null)}
          onDone={(outcome) => {
            setAction(null);
            selection.clear();
            setSummary(outcome);
          }}
        />
      )}
    </Stack>
  );
}
