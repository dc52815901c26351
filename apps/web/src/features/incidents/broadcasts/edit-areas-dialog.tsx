import { Box, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { updateIncidentBodySchema, type Area, type Incident } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUpdateIncident } from '../../../entities/incidents.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage, useMessages } from '../../../lib/i18n.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { useAreas } from './broadcasts-api.ts';
import { broadcastMessages } from './messages.ts';

export interface EditAreasDialogProps {
  incident: Pick<Incident, 'id' | 'area_codes'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** An area's name in the interface's language, and its code. */
function areaLabel(area: Area, bangla: boolean): string {
  return `${bangla ? area.name_bn : area.name_en} (${area.code})`;
}

/**
 * "Edit areas" of an active incident (DESIGN.md §23): the areas its broadcasts reach, chosen by name
 * from a list that a few typed letters narrow (plain checkboxes: light on a phone, and no popover).
 */
export function EditAreasDialog({ incident, onClose, onSaved }: EditAreasDialogProps) {
  const t = useMessages(broadcastMessages);
  const areas = useAreas();
  const [codes, setCodes] = useState<string[]>(incident.area_codes);
  const [filter, setFilter] = useState('');
  const update = useUpdateIncident();
  const body = { area_codes: codes };
  const errors = errorsOf(validateWith(updateIncidentBodySchema, body));
  const bangla = currentLanguage() === 'bn';
  const needle = filter.trim().toLowerCase();
  const shown = (areas.data ?? []).filter(
    (area) => codes.includes(area.code) || needle === '' || areaLabel(area, bangla).toLowerCase().includes(needle),
  );

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
        <TextInput
          label={t('areasFilter')}
          placeholder={t('areasPlaceholder')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        <Checkbox.Group label={t('areasLabel')} value={codes} onChange={setCodes} error={errors.area_codes}>
          <Box mah={260} style={{ overflowY: 'auto' }} py={4}>
            <Stack gap={6}>
              {shown.map((area) => (
                <Checkbox key={area.code} value={area.code} label={areaLabel(area, bangla)} />
              ))}
            </Stack>
          </Box>
        </Checkbox.Group>
        {areas.data && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('areasNothingFound')}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
