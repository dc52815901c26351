import articlesValidation from '@switchboard/shared/messages/en/validation/articles.json';
import { Group, SegmentedControl, SimpleGrid, Stack, Switch, Tabs, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_SLUG_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  articleBodySchema,
  type Article,
  type ArticleInput,
  type ArticleVisibility,
} from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useSaveArticle } from '../../entities/articles.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { errorsOf, validateWith } from '../../lib/schema-form.ts';
import { ArticlePreview } from './article-preview.tsx';
import { ArticleSubgroupField } from './article-subgroup-field.tsx';
import { articleMessages } from './messages.ts';

addValidationCatalog('articles', articlesValidation);

export interface ArticleEditorProps {
  /** The article to edit; null writes a new one. */
  article: Article | null;
  onClose: () => void;
}

/** One language's title, text and live preview, side by side from a tablet's width up. */
function LanguagePane(props: {
  lang: 'en' | 'bn';
  title: string;
  body: string;
  titleLabel: string;
  bodyLabel: string;
  titleError: string | undefined;
  bodyError: string | undefined;
  onTitle: (value: string) => void;
  onBody: (value: string) => void;
}) {
  return (
    <Stack gap="sm" mt="sm">
      <TextInput
        label={props.titleLabel}
        lang={props.lang}
        value={props.title}
        maxLength={ARTICLE_TITLE_MAX_LENGTH}
        onChange={(event) => props.onTitle(event.currentTarget.value)}
        error={props.titleError}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Textarea
          label={props.bodyLabel}
          lang={props.lang}
          value={props.body}
          maxLength={ARTICLE_BODY_MAX_LENGTH}
          onChange={(event) => props.onBody(event.currentTarget.value)}
          error={props.bodyError}
          required
          autosize
          minRows={8}
          maxRows={18}
        />
        <ArticlePreview markdown={props.body} lang={props.lang} />
      </SimpleGrid>
    </Stack>
  );
}

/** Writes or changes an article in both languages; validated with the endpoint's own schema. */
export function ArticleEditor({ article, onClose }: ArticleEditorProps) {
  const t = useMessages(articleMessages);
  const [input, setInput] = useState<ArticleInput>(() => ({
    slug: article?.slug ?? '',
    title_en: article?.title_en ?? '',
    title_bn: article?.title_bn ?? '',
    body_en: article?.body_en ?? '',
    body_bn: article?.body_bn ?? '',
    visibility: article?.visibility ?? 'public',
    sub_group_id: article?.sub_group_id ?? null,
    published: article?.published ?? false,
  }));
  const [tried, setTried] = useState(false);
  const save = useSaveArticle();
  const errors = errorsOf(validateWith(articleBodySchema, input));
  const shown = (field: string) => (tried ? errors[field] : undefined);
  const set = (fields: Partial<ArticleInput>) => {
    if (save.isError) save.reset();
    setInput((previous) => ({ ...previous, ...fields }));
  };

  const confirm = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { id: article?.id ?? null, body: input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('formSaved') });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened
      size="90rem"
      title={article ? t('formEditTitle') : t('formCreateTitle')}
      body={t('formBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={t('formSlug')}
            description={t('formSlugHint', { slug: input.slug || '…' })}
            value={input.slug}
            maxLength={ARTICLE_SLUG_MAX_LENGTH}
            onChange={(event) => set({ slug: event.currentTarget.value })}
            error={shown('slug')}
            required
            data-autofocus
            miw={260}
          />
          <Stack gap={4}>
            <label htmlFor="article-visibility" style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>
              {t('formVisibility')}
            </label>
            <SegmentedControl<ArticleVisibility>
              id="article-visibility"
              value={input.visibility}
              onChange={(visibility) => set({ visibility })}
              data={[
                { value: 'public', label: t('public') },
                { value: 'internal', label: t('internal') },
              ]}
            />
          </Stack>
          <Switch
            label={t('formPublished')}
            checked={input.published}
            onChange={(event) => set({ published: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
        <ArticleSubgroupField
          subGroupId={input.sub_group_id ?? null}
          onChange={(sub_group_id) => set({ sub_group_id })}
          error={shown('sub_group_id')}
        />
        <Tabs defaultValue="en" keepMounted>
          <Tabs.List>
            <Tabs.Tab value="en" color={errors.title_en || errors.body_en ? 'red' : undefined}>
              {t('formEnglish')}
            </Tabs.Tab>
            <Tabs.Tab value="bn" color={errors.title_bn || errors.body_bn ? 'red' : undefined}>
              {t('formBangla')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="en">
            <LanguagePane
              lang="en"
              title={input.title_en}
              body={input.body_en}
              titleLabel={t('formTitleEn')}
              bodyLabel={t('formBodyEn')}
              titleError={shown('title_en')}
              bodyError={shown('body_en')}
              onTitle={(title_en) => set({ title_en })}
              onBody={(body_en) => set({ body_en })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="bn">
            <LanguagePane
              lang="bn"
              title={input.title_bn}
              body={input.body_bn}
              titleLabel={t('formTitleBn')}
              bodyLabel={t('formBodyBn')}
              titleError={shown('title_bn')}
              bodyError={shown('body_bn')}
              onTitle={(title_bn) => set({ title_bn })}
              onBody={(body_bn) => set({ body_bn })}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </ConfirmDialog>
  );
}
