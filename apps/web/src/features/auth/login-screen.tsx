import { Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { translate, useMessages } from '../../lib/i18n.ts';
import { labelMessages } from '../../lib/messages.ts';
import { useBrandName } from '../../lib/public-config.ts';
import { sessionEndReason, storeToken } from '../../lib/session.ts';
import { LoginForm } from './components/login-form.tsx';
import { SessionEndedNote } from './components/session-ended-note.tsx';
import { SwitchAccountPrompt } from './components/switch-account-prompt.tsx';
import { authMessages } from './messages.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useLinkSignIn } from './use-link-sign-in.ts';
import { useLoginFlow } from './use-login-flow.ts';
import classes from './login-screen.module.css';

/** Spec §9: on the sign-in screen notifications appear bottom-left (top-right everywhere else). */
function notify(message: string, kind: 'success' | 'error') {
  notifications.show({ message, color: kind === 'success' ? 'teal' : 'red', position: 'bottom-left' });
}

/** Route `/`: sign in with the number and an OTP, or with a token handed over in `?q=`. */
export function LoginScreen() {
  const t = useMessages(authMessages);
  const brand = useBrandName();
  const navigate = useNavigate();
  const { q } = useSearch({ from: '/' });

  const queryClient = useQueryClient();
  // Read once: the note stays until the next sign-in, however the form changes meanwhile.
  const [endReason] = useState(sessionEndReason);

  const goToTickets = () => navigate({ to: '/tickets', search: { page: 1 }, replace: true });

  const link = useLinkSignIn(q, {
    onReady: (replaced) => {
      // Another account's cached replies must never show under the new one.
      if (replaced) queryClient.clear();
      void goToTickets();
    },
    onRefused: (current) => {
      if (current) {
        notify(t('linkInvalidSignedIn', { name: current.name }), 'error');
        void goToTickets();
        return;
      }
      notify(t('linkInvalid'), 'error');
      void navigate({ to: '/', search: {}, replace: true });
    },
    // Offline or the server in trouble: the link stays in the address so that a refresh retries.
    onUnknown: () => notify(translate(labelMessages, 'fallbackError'), 'error'),
  });

  const flow = useLoginFlow({
    onOtpSent: () => notify(t('otpSent', { brand }), 'success'),
    onSignedIn: (authToken) => {
      storeToken(authToken);
      notify(t('loginSuccessful'), 'success');
      void goToTickets();
    },
    onFailed: (error) => notify(errorMessage(error), 'error'),
  });

  return (
    <Center className={classes.page}>
      <Paper component="main" className={classes.card} withBorder shadow="md" radius="lg">
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <Image src="/logo.svg" alt={t('logoAlt', { brand })} w={64} h={64} />
            <Title order={1} className={classes.title}>
              {brand}
            </Title>
          </Stack>
          {link.checking ? (
            <Stack align="center" gap="xs" py="lg" role="status">
              <Loader size="md" />
              <Text c="dimmed">{t('signingIn')}</Text>
            </Stack>
          ) : link.pending ? (
            <SwitchAccountPrompt
              next={link.pending.next}
              current={link.pending.current}
              onSwitch={() => link.answer(true)}
              onStay={() => link.answer(false)}
            />
          ) : (
            <>
              {endReason && <SessionEndedNote reason={endReason} />}
              <LoginForm flow={flow} brand={brand} />
            </>
          )}
          <LanguageSwitch className={classes.language} />
        </Stack>
      </Paper>
    </Center>
  );
}
