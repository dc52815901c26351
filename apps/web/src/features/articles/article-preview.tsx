import { Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useArticlePreview } from '../../entities/articles.ts';
import { useMessages } from '../../lib/i18n.ts';
import { articleMessages } from './messages.ts';

/**
 * The live preview of one body: rendered by the server's own renderer (raw HTML off), so that the
 * editor shows exactly what readers will see, after a pause in typing.
 */
export function ArticlePreview({ markdown, lang }: { markdown: string; lang: 'en' | 'bn' }) {
  const t = useMessages(articleMessages);
  const [settled] = useDebouncedValue(markdown, 400);
  const preview = useArticlePreview(settled);
  const html = settled.trim() === '' ? null : preview.data?.data.html;
  return (
    <Paper withBorder p="sm" radius="md" aria-label={t('formPreview')} data-testid={`preview-${lang}`}>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        {t('formPreview')}
      </Text>
      {html ? (
        // The server's renderer writes no raw HTML and refuses script links (docs/security.md).
        <div lang={lang} className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('formPreviewEmpty')}
        </Text>
      )}
    </Paper>
  );
}
