import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useMessages } from '../lib/i18n.ts';
import { useBrandName } from '../lib/public-config.ts';
import { componentsMessages } from './messages.ts';
import classes from './public-page-shell.module.css';

export interface PublicPageShellProps {
  /** What the header shows on the right: a sign-in link, the language switch. */
  aside: ReactNode;
  /** The card's width at most, in px. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * The frame of the pages anybody may open without signing in (the public form, the rating page):
 * the brand in a header, the page's content in one card as its main landmark.
 */
export function PublicPageShell({ aside, maxWidth = 760, children }: PublicPageShellProps) {
  const t = useMessages(componentsMessages);
  const brand = useBrandName();
  return (
    <div className={classes.page} style={{ '--public-page-width': `${maxWidth}px` } as CSSProperties}>
      <Stack className={classes.column} gap="md">
        {/* The banner landmark: with the main card, all of the page sits in a landmark. */}
        <Group component="header" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Image src="/logo.svg" alt={t('logoAlt', { brand })} w={36} h={36} />
            <Text fw={700} size="lg">
              {brand}
            </Text>
          </Group>
          {aside}
        </Group>
        <Paper component="main" className={classes.card} withBorder shadow="sm" radius="lg">
          {children}
        </Paper>
      </Stack>
    </div>
  );
}
