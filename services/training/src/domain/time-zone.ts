/** Wall-clock time in a time zone, without a library: Intl tells the zone's offset at an instant. */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The instant's wall-clock time in `timeZone` as a Date whose UTC fields are that time (as a spreadsheet keeps it). */
export function wallClockIn(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, instant.getUTCMilliseconds()));
}

/** The last second of a calendar day (`YYYY-MM-DD`) in `timeZone`, daylight saving time included. */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const nextMidnight = Date.UTC(year, month - 1, date + 1);
  const offsetAt = (instant: number) => wallClockIn(new Date(instant), timeZone).getTime() - instant;
  // The offset at the first guess may differ from the one at local midnight when the zone changed in between.
  const guess = nextMidnight - offsetAt(nextMidnight);
  return new Date(nextMidnight - offsetAt(guess) - 1000);
}
