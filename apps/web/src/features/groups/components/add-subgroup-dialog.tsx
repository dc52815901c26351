import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { Group as GroupEntity } from '@switchboard/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useAddSubgroups } from '../api/groups.ts';
import { newSubgroupDraft, validateAddSubgroups, type FieldErrors, type SubgroupDraft } from '../group-drafts.ts';
import { groupsMessages } from '../messages.ts';
import { SubgroupFields } from './subgroup-fields.tsx';

export interface AddSubgroupDialogProps {
  /** The group to add to; null keeps the dialog closed. */
  group: GroupEntity | null;
  onClose: () => void;
}

/** The add-subgroup dialog of /group-info: one or more Bangla + English pairs. */
export function AddSubgroupDialog({ group, onClose }: AddSubgroupDialogProps) {
  const t = useMessages(groupsMessages);
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={group ? t('addSubgroup', { group: group.group_name }) : ''}
      size="lg"
      centered
    >
      {/* Mounted per opening, so every opening starts with one empty row. */}
      {group && <AddSubgroupForm key={group._id} group={group} onClose={onClose} />}
    </Modal>
  );
}

function AddSubgroupForm({ group, onClose }: { group: GroupEntity; onClose: () => void }) {
  const t = useMessages(groupsMessages);
  const addSubgroups = useAddSubgroups();
  const [rows, setRows] = useState<SubgroupDraft[]>(() => [newSubgroupDraft()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validateAddSubgroups(rows);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    addSubgroups.mutate(
      { groupId: group._id, sub_groups: result.body.sub_groups },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('createdSubgroup') });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SubgroupFields
          value={rows}
          errors={errors}
          disabled={addSubgroups.isPending}
          onChange={(next) => {
            setRows(next);
            if (submitted) {
              const result = validateAddSubgroups(next);
              setErrors(result.ok ? {} : result.errors);
            }
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={addSubgroups.isPending}>
            {t('close')}
          </Button>
          <Button type="submit" loading={addSubgroups.isPending}>
            {t('addSubgroupSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
