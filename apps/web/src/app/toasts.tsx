/** The toasts' stack (spec §9: at most 3, 5 s each, top-right), loaded after the first screen: a toast shown before it mounts waits in the store. */
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@switchboard/shared';
import classes from './providers.module.css';

export function Toasts() {
  return (
    <Notifications
      limit={NOTIFICATION_LIMIT}
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      position="top-right"
      classNames={{ root: classes.notifications }}
    />
  );
}
