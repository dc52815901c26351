/** The language switch (DESIGN.md §16): names the next language in its own words, as people look for it. */
import { Button, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { LANGUAGE_NAMES, nextLanguage } from '@switchboard/shared';
import { useState } from 'react';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';

export function LanguageSwitch(props: ButtonProps) {
  // Subscribed to the language, so that the label turns with it.
  useLingui();
  const [busy, setBusy] = useState(false);
  const other = nextLanguage(currentLanguage());

  const switchLanguage = () => {
    setBusy(true);
    changeLanguage(other)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <Button variant="subtle" size="compact-sm" lang={other} loading={busy} onClick={switchLanguage} {...props}>
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
