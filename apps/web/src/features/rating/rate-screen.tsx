import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { PublicPageShell } from '../../components/public-page-shell.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { changeLanguage, currentLanguage, useMessages } from '../../lib/i18n.ts';
import { useRate } from './api/rate.ts';
import { RatingCommentForm } from './components/rating-comment-form.tsx';
import { ScoreButtons } from './components/score-buttons.tsx';
import { ratingMessages } from './messages.ts';
import { ticketOfToken, validateRateSearch } from './rate-search.ts';

/**
 * Route /rate (DESIGN.md §25): the satisfaction e-mail's five links open it with the token and a
 * score, which is sent at once (one tap); without a score the page asks for one. After the rating
 * an optional comment. No sign-in, no cookie, nothing from another site.
 */
export function RateScreen() {
  const t = useMessages(ratingMessages);
  // Checked here rather than by the route, so that the app's entry stays small (the sign-in page's budget).
  const { t: token, s: linkedScore, lang } = validateRateSearch(useSearch({ strict: false }));
  const rate = useRate();
  const sentLinkedScore = useRef(false);

  // The e-mail was written in the issuer's language: the page opens in it.
  useEffect(() => {
    if (lang && lang !== currentLanguage()) void changeLanguage(lang).catch(() => undefined);
  }, [lang]);

  // One tap: the linked score goes once, even when React mounts the page twice.
  useEffect(() => {
    if (!token || !linkedScore || sentLinkedScore.current) return;
    sentLinkedScore.current = true;
    rate.mutate({ token, score: linkedScore });
  }, [token, linkedScore, rate]);

  const ticketId = token ? ticketOfToken(token) : null;
  const chosen = rate.variables?.score ?? null;
  const rated = rate.data?.data;
  // The desk's refusal (a spent or expired link) stands; a lost connection or a fault may be tried again.
  const refused = rate.error instanceof ApiError && rate.error.status >= 400 && rate.error.status < 500;
  const alreadyRated = rate.error instanceof ApiError && rate.error.status === 409;

  return (
    <PublicPageShell aside={<LanguageSwitch />} maxWidth={560}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {rated ? t('savedTitle') : t('pageTitle')}
        </Title>
        {!token ? (
          <Alert color="red" title={t('refusedTitle')} role="alert">
            {t('linkMissing')}
          </Alert>
        ) : rated ? (
          <>
            <Text role="status">{t('savedBody', { id: rated.ticket_id, score: rated.score })}</Text>
            {rated.comment_until && <RatingCommentForm token={token} />}
          </>
        ) : refused ? (
          // Rated already (409) is no fault of the person's: said plainly, not as an error.
          <Alert
            color={alreadyRated ? 'blue' : 'red'}
            title={alreadyRated ? undefined : t('refusedTitle')}
            role={alreadyRated ? 'status' : 'alert'}
          >
            {errorMessage(rate.error)}
          </Alert>
        ) : (
          <>
            <Text>{ticketId ? t('intro', { id: ticketId }) : t('introNoTicket')}</Text>
            <ScoreButtons chosen={chosen} disabled={rate.isPending} onChoose={(score) => rate.mutate({ token, score })} />
            {rate.isPending && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{t('saving')}</Text>
              </Group>
            )}
            {rate.isError && (
              <Alert color="red" role="alert">
                {errorMessage(rate.error)}
                {chosen !== null && (
                  <Button display="block" mt="sm" variant="light" size="xs" onClick={() => rate.mutate({ token, score: chosen })}>
                    {t('tryAgain')}
                  </Button>
                )}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </PublicPageShell>
  );
}
