// Days named from a run's remembered span are the days `dayOf` names, in UTC and in local time zones with clock
// changes (at midnight, by half an hour, across the date line).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DayNames, dayOf } from './days';

const HOUR = 3_600_000;
const savedTz = process.env['TZ'];

afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedTz;
});

/** Instants in runs (a session's calls): a start, then steps forward of up to a few hours. */
const runs = fc.array(
  fc.tuple(fc.integer({ min: -2e12, max: 4e12 }), fc.array(fc.integer({ min: 0, max: 5 * HOUR }), { maxLength: 30 })),
  {
    minLength: 1,
    maxLength: 5,
  },
);

function expectSameDays(utc: boolean, zone?: string): void {
  if (zone) process.env['TZ'] = zone;
  fc.assert(
    fc.property(runs, (rs) => {
      const names = new DayNames(utc);
      for (const [start, steps] of rs) {
        let t = start;
        for (const step of [0, ...steps]) {
          t += step;
          expect(names.of(t)).toBe(dayOf(t, utc));
        }
      }
    }),
    { numRuns: 300, seed: 3 },
  );
}

describe('DayNames', () => {
  it('names UTC days as dayOf does', () => expectSameDays(true));

  it.each([
    'UTC',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Pacific/Apia',
    'Europe/Berlin',
    'America/Havana',
    'Asia/Kathmandu',
  ])('names local days as dayOf does in %s', (zone) => expectSameDays(false, zone));

  it('names the hours around a clock change at midnight one by one', () => {
    process.env['TZ'] = 'America/Sao_Paulo';
    // 2018-11-04: clocks went from 00:00 to 01:00.
    const names = new DayNames(false);
    for (let t = Date.UTC(2018, 10, 3, 20); t < Date.UTC(2018, 10, 5, 6); t += 7 * 60_000)
      expect(names.of(t)).toBe(dayOf(t, false));
  });
});
