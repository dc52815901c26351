import { useDebouncedValue } from '@mantine/hooks';
import { isValidPhoneEntry, withCountryPrefix } from '@switchboard/shared';
import type { SubscriberCardSlotProps } from './subscriber-card-slot.tsx';
import SubscriberCard from './subscriber-card.tsx';

/** How long a typed number must stay unchanged before it is looked up. */
const LOOKUP_DEBOUNCE_MS = 400;

/** The card of a stored number, or of a typed one once it is valid and typing has paused (nothing before). */
export default function CardForNumber(props: SubscriberCardSlotProps) {
  const [settled] = useDebouncedValue(props.entry ?? '', LOOKUP_DEBOUNCE_MS);
  const typed =
    props.entry !== undefined && isValidPhoneEntry(settled) && settled === props.entry ? withCountryPrefix(settled) : null;
  const number = props.number ?? typed;
  if (!number) return null;
  return <SubscriberCard number={number} />;
}
