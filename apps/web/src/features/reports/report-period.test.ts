import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS } from '@switchboard/shared';
import { periodBody } from './report-period.ts';
import { reportErrors } from './report-rules.ts';

const TODAY = '2026-11-22';
const DHAKA = 'Asia/Dhaka';

/** The report form's errors for a period of calendar days in Dhaka. */
function errorsFor(start: string | null, end: string | null, extra: { user_phone_number?: string } = {}) {
  return reportErrors({ ...periodBody({ start, end }, DHAKA), ...extra }, { start, end }, TODAY);
}

describe("the report form's rules are the report endpoint's schema", () => {
  it(`accepts ${REPORT_MAX_DAYS} days and refuses ${REPORT_MAX_DAYS + 1} with the schema's message`, () => {
    expect(errorsFor('2025-10-18', '2026-11-21')).toEqual({});
    expect(errorsFor('2025-10-17', '2026-11-21')).toEqual({ end_date: `A report covers at most ${REPORT_MAX_DAYS} days` });
  });

  it('asks for both days, in order, and no end after today', () => {
    expect(errorsFor(null, null)).toEqual({
      start_date: 'Choose a start date',
      end_date: 'Choose an end date',
    });
    expect(errorsFor('2026-11-10', '2026-11-09')).toEqual({ end_date: 'The end date must not precede the start date' });
    expect(errorsFor('2026-11-10', '2026-11-23')).toEqual({ end_date: 'The end date must not be later than today' });
  });

  it("refuses a user number the endpoint would refuse, with the schema's message", () => {
    expect(errorsFor('2026-11-01', '2026-11-02', { user_phone_number: '12345' })).toEqual({
      user_phone_number: 'Enter the number of the user: 096 or 01 followed by the remaining digits',
    });
  });
});
