import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isValidPhoneEntry } from '@switchboard/shared';
import { OutageNotice } from '../../../components/outage-status/outage-notice.tsx';
import { fetchNumberStatus } from '../../../components/outage-status/number-status.ts';
import { NUMBER_LOOKUP_DEBOUNCE_MS } from './open-tickets-notice.tsx';

/**
 * Tells staff raising a ticket that a known outage affects the number's area (DESIGN.md §23), as
 * the public page tells the caller. Silent while the number is incomplete, without an outage, or
 * when the status cannot be asked; it never blocks the form.
 */
export default function AreaOutageNotice({ entry }: { entry: string }) {
  const [settled] = useDebouncedValue(entry, NUMBER_LOOKUP_DEBOUNCE_MS);
  const number = isValidPhoneEntry(settled) && settled === entry ? settled : null;
  const status = useQuery({
    queryKey: ['number-status', number],
    queryFn: () => fetchNumberStatus(number ?? '', 'staff'),
    enabled: number !== null,
    staleTime: 60_000,
    retry: false,
  });
  const outage = status.data?.outage;
  if (number === null || !outage) return null;
  return <OutageNotice outage={outage} audience="staff" />;
}
