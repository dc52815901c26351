import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isValidPhoneEntry, type OutageStatus } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { OutageNotice } from '../../../components/outage-status/outage-notice.tsx';
import { outageStatusMessages } from '../../../components/outage-status/messages.ts';
import { fetchNumberStatus } from '../../../components/outage-status/number-status.ts';
import { PhoneNumberInput } from '../../../components/phone-number-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';

export interface NumberCheckStepProps {
  /** On to the form, with the number typed here (empty when the person skipped the check). */
  onContinue: (numberEntry: string) => void;
}

/**
 * The public page's first step (DESIGN.md §23): the number first. A known outage in its area is
 * told with "Report anyway"; without one the person goes straight on to the form. Loaded apart
 * from the page, which is close to its script budget.
 */
export default function NumberCheckStep({ onContinue }: NumberCheckStepProps) {
  const t = useMessages(outageStatusMessages);
  const [entry, setEntry] = useState('');
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outage, setOutage] = useState<OutageStatus['outage']>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const valid = isValidPhoneEntry(entry);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || checking) return;
    setChecking(true);
    setFailure(null);
    try {
      const status = await fetchNumberStatus(entry, 'public');
      if (status.outage) setOutage(status.outage);
      else onContinue(entry);
    } catch (error) {
      setFailure(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          {t('checkTitle')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('checkIntro')}
        </Text>
      </div>
      <form onSubmit={(event) => void check(event)} noValidate aria-label={t('checkTitle')}>
        <Stack gap="md">
          <PhoneNumberInput
            label={t('number')}
            placeholder={t('numberPlaceholder')}
            autoComplete="tel-national"
            value={entry}
            onDigits={(digits) => {
              setEntry(digits);
              setOutage(null);
              setFailure(null);
            }}
            onBlur={() => setTouched(true)}
            error={touched && entry !== '' && !valid ? t('numberInvalid') : undefined}
            required
          />
          {outage ? (
            <OutageNotice outage={outage} audience="public">
              <Button variant="default" onClick={() => onContinue(entry)} fullWidth>
                {t('reportAnyway')}
              </Button>
            </OutageNotice>
          ) : (
            <Button type="submit" loading={checking} disabled={!valid} fullWidth>
              {t('check')}
            </Button>
          )}
          {failure !== null && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={t('checkFailed')} role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => onContinue(valid ? entry : '')}>
            {t('skip')}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
