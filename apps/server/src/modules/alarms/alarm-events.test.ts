import { describe, expect, it } from 'vitest';
import { frameFor } from '../events/event-hub.ts';
import type { AlarmEvent } from '../events/publish.ts';
import { parsePublishedEvent } from '../events/publish.ts';

describe('alarm.changed on the live stream', () => {
  const event: AlarmEvent = { event: 'alarm.changed', alarm_id: 'a1', incident_id: 7, live: true };

  it('is heard by staff only, with the incident id and nothing else', () => {
    expect(frameFor({ id: 'u', user_type: 'rs' }, event)).toBe('event: alarm.changed\ndata: {"incident_id":7}\n\n');
    expect(frameFor({ id: 'u', user_type: 'customer' }, event)).toBeNull();
    expect(frameFor({ id: 'u', user_type: 'agent' }, event)).toBeNull();
  });

  it('writes one frame a delivery touched incident, not one a changed alarm', () => {
    expect(frameFor({ id: 'u', user_type: 'cc' }, { ...event, live: false })).toBeNull();
    const unrouted: AlarmEvent = { event: 'alarm.changed', alarm_id: 'a2', live: true };
    expect(frameFor({ id: 'u', user_type: 'cc' }, unrouted)).toBe('event: alarm.changed\ndata: {}\n\n');
  });

  it('comes back from the channel as it was published', () => {
    expect(parsePublishedEvent(JSON.stringify(event))).toEqual(event);
  });
});
