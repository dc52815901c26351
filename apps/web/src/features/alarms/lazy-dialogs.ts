/**
 * The rule dialog, loaded when first opened: its selects, tags input, switch and Mantine's Modal
 * would otherwise weigh on the screen of every staff member who only reads the alarms.
 */
import { lazy } from 'react';

export const AlarmRuleDialog = lazy(() =>
  import('./alarm-rule-dialog.tsx').then((module) => ({ default: module.AlarmRuleDialog })),
);
