/** The toasts' stack (spec §9: at most 3, 5 s each, top-right), loaded after the first screen: a toast shown before it mounts waits in the store. */
import { Notifications } from '@mantine/notifications';
import classes from './providers.module.css';

/** At most three toasts at once, each gone after five seconds. */
const NOTIFICATION_LIMIT = 3;
const NOTIFICATION_AUTO_CLOSE_MS = 5000;

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
