import CardForNumber from '../../../components/subscriber-card/card-for-number.tsx';
import AreaOutageNotice from './area-outage-notice.tsx';

/** The outage notice and the subscriber card of a typed number, each silent until it has something to say. */
export default function StaffNumberNotes({ entry }: { entry: string }) {
  return (
    <>
      <AreaOutageNotice entry={entry} />
      <CardForNumber entry={entry} />
    </>
  );
}
