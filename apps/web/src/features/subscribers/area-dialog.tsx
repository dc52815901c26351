import { Stack, TextInput } from '@mantine/core';
import { GroupSubgroupSelects } from '../../components/group-subgroup-selects.tsx';
import { notifications } from '@mantine/notifications';
import { AREA_NAME_MAX_LENGTH, areaCreateSchema, type Area } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useGroupChoices, useGroups } from '../../entities/groups.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { errorsOf, validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import { useCreateArea, useUpdateArea } from './api/subscribers.ts';
import { subscribersMessages } from './messages.ts';

export interface AreaDialogProps {
  /** The area to edit; null adds one. */
  area: Area | null;
  onClose: () => void;
}

/**
 * Adds or edits an area, checked with the area's shared schema: its code (fixed once it exists),
 * names in both languages, and the group and subgroup its faults usually belong to. What the
 * server refuses on a field shows on that field.
 */
export function AreaDialog({ area, onClose }: AreaDialogProps) {
  const t = useMessages(subscribersMessages);
  const [code, setCode] = useState(area?.code ?? '');
  const [nameEn, setNameEn] = useState(area?.name_en ?? '');
  const [nameBn, setNameBn] = useState(area?.name_bn ?? '');
  const [groupId, setGroupId] = useState<string | null>(area?.group_id ?? null);
  const [subGroupId, setSubGroupId] = useState<string | null>(area?.sub_group_id ?? null);
  const [tried, setTried] = useState(false);
  const groups = useGroups();
  const { groupOptions, subgroupOptions } = useGroupChoices(groups.data, groupId, subGroupId);
  const create = useCreateArea();
  const update = useUpdateArea();
  const save = area ? update : create;

  const validated = validateWith(areaCreateSchema, {
    code,
    name_en: nameEn,
    name_bn: nameBn,
    group_id: groupId,
    sub_group_id: groupId ? subGroupId : null,
  });
  const serverErrors: FieldErrors = save.error instanceof ApiError && save.error.details ? { ...save.error.details } : {};
  const errors: FieldErrors = tried ? { ...serverErrors, ...errorsOf(validated) } : {};

  const confirm = () => {
    setTried(true);
    if (!validated.ok || save.isPending) return;
    const done = (reply: { message: string }) => {
      notifications.show({ color: 'green', message: reply.message });
      onClose();
    };
    const { code: _code, ...fields } = validated.body;
    if (area) update.mutate({ code: area.code, body: fields }, { onSuccess: done });
    else create.mutate(validated.body, { onSuccess: done });
  };

  return (
    <ConfirmDialog
      opened
      title={area ? t('editAreaTitle', { code: area.code }) : t('createAreaTitle')}
      body={t('areaDialogBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('fieldCode')}
          description={t('fieldCodeHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          disabled={area !== null}
          maxLength={32}
          error={errors.code}
          required
          data-autofocus={area === null || undefined}
        />
        <TextInput
          label={t('fieldNameEn')}
          value={nameEn}
          onChange={(event) => setNameEn(event.currentTarget.value)}
          maxLength={AREA_NAME_MAX_LENGTH}
          error={errors.name_en}
          required
        />
        <TextInput
          label={t('fieldNameBn')}
          value={nameBn}
          onChange={(event) => setNameBn(event.currentTarget.value)}
          maxLength={AREA_NAME_MAX_LENGTH}
          error={errors.name_bn}
          required
        />
        <GroupSubgroupSelects
          labels={{
            group: t('fieldGroup'),
            groupPlaceholder: t('noGroup'),
            subgroup: t('fieldSubgroup'),
            subgroupPlaceholder: t('anySubgroup'),
          }}
          groupOptions={groupOptions}
          subgroupOptions={subgroupOptions}
          groupId={groupId}
          subGroupId={subGroupId}
          onChange={(choice) => {
            setGroupId(choice.groupId);
            setSubGroupId(choice.subGroupId);
          }}
          errors={errors}
          groupRequired={false}
        />
      </Stack>
    </ConfirmDialog>
  );
}
