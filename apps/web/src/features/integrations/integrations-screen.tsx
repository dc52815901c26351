import { Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { ApiClientsSection } from './api-clients-section.tsx';
import { integrationsMessages } from './messages.ts';
import { WebhooksSection } from './webhooks-section.tsx';

/** /integrations?page=: the API clients (the page of their table in the URL) and the webhook endpoints (admins). */
export function IntegrationsScreen() {
  const search = useSearch({ from: '/signed-in/integrations' });
  const t = useMessages(integrationsMessages);
  return (
    <Stack gap="xl">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <ApiClientsSection page={search.page} />
      <WebhooksSection />
    </Stack>
  );
}
