import { Anchor, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { PublicPageShell } from '../../components/public-page-shell.tsx';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { usePublicArticle } from '../../entities/articles.ts';
import { HelpHeaderLinks } from './help-links.tsx';
import { helpMessages } from './messages.ts';

/** /help/{slug}: one published public article in the reader's language, rendered by the server. */
export function HelpArticleScreen() {
  const t = useMessages(helpMessages);
  const { slug } = useParams({ from: '/help/$slug' });
  const lang = currentLanguage();
  const article = usePublicArticle(slug);
  const data = article.data?.data;

  return (
    <PublicPageShell aside={<HelpHeaderLinks />}>
      <Stack gap="md">
        <Anchor size="sm" renderRoot={(props) => <Link to="/help" search={{ page: 1 }} {...props} />}>
          {t('backToHelp')}
        </Anchor>
        {article.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : !data ? (
          <Title order={1} fz="h2">
            {t('notFound')}
          </Title>
        ) : (
          <article lang={lang}>
            <Title order={1} fz="h2" mb="md">
              {lang === 'bn' ? data.title_bn : data.title_en}
            </Title>
            <Typography>
              {/* The server's renderer writes no raw HTML and refuses script links (docs/security.md). */}
              <div dangerouslySetInnerHTML={{ __html: lang === 'bn' ? data.body_html_bn : data.body_html_en }} />
            </Typography>
          </article>
        )}
        <Text size="sm" c="dimmed">
          <Anchor renderRoot={(props) => <Link to="/create-ticket" {...props} />}>{t('raiseTicket')}</Anchor>
        </Text>
      </Stack>
    </PublicPageShell>
  );
}
