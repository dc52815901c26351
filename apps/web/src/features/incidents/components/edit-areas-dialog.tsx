import { MultiSelect, Stack } from '@mantine/core';
import { INCIDENT_AREAS_MAX, updateIncidentBodySchema, type Incident } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUpdateIncident } from '../../../entities/incidents.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage, useMessages } from '../../../lib/i18n.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { useAreas } from '../api/broadcasts.ts';
import { incidentMessages } from '../messages.ts';

export interface EditAreasDialogProps {
  incident: Pick<Incident, 'id' | 'area_codes'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** "Edit areas" of an active incident (DESIGN.md §23): the areas its broadcasts reach, chosen by name. */
export function EditAreasDialog({ incident, onClose, onSaved }: EditAreasDialogProps) {
  const t = useMessages(incidentMessages);
  const areas = useAreas();
  const [codes, setCodes] = useState<string[]>(incident.area_codes);
  const update = useUpdateIncident();
  const body = { area_codes: codes };
  const errors = errorsOf(validateWith(updateIncidentBodySchema, body));
  const bangla = currentLanguage() === 'bn';
  const options = (areas.data ?? []).map((area) => ({
    value: area.code,
    label: `${bangla ? area.name_bn : area.name_en} (${area.code})`,
  }));

  return (
    <ConfirmDialog
      opened
      title={t('areasDialogTitle')}
      body={t('areasDialogBody')}
      loading={update.isPending}
      error={update.isError ? errorMessage(update.error) : areas.isError ? errorMessage(areas.error) : null}
      onConfirm={() => {
        if (Object.keys(errors).length === 0)
          update.mutate({ id: incident.id, body }, { onSuccess: (reply) => onSaved(reply.message) });
      }}
      onClose={onClose}
    >
      <Stack gap="xs" mt="md">
        <MultiSelect
          label={t('areasLabel')}
          placeholder={t('areasPlaceholder')}
          nothingFoundMessage={t('areasNothingFound')}
          data={options}
          value={codes}
          onChange={setCodes}
          searchable
          clearable
          maxValues={INCIDENT_AREAS_MAX}
          error={errors.area_codes}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
