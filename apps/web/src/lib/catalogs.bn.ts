/**
 * Every Bangla catalog of the interface (the screens' words and the schemas' messages), in one
 * chunk: the language loads in one piece when chosen (i18n.ts), and the entry names one chunk for
 * it rather than one per file.
 */
import type { Messages } from '@lingui/core';

export const catalogFiles = import.meta.glob<Messages>(
  ['../../../../packages/shared/messages/bn/web/**/*.json', '../../../../packages/shared/messages/bn/validation/*.json'],
  { eager: true, import: 'default' },
);
