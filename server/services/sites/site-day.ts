/**
 * The day of a site: it starts at midnight in the site's time zone (setting `time_zone`), so that a
 * daily allowance (the swipe game's likes) renews when it is midnight for the site's members, in
 * summer and winter time alike. Pure functions of an instant: the caller passes the injectable clock.
 */

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a time zone. */
function wallClock(at: number, timeZone: string): Wall {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The wall-clock date of an instant as the UTC midnight of that date (a comparable number). */
const dateOf = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day);

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const whole = Math.floor(at / 1000) * 1000;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

/** The first instant of the local date whose UTC midnight is `date` (a number from `dateOf`). */
function dayStart(date: number, timeZone: string): number {
  // Midnight minus the offset there; a second pass corrects for an offset that changed in between.
  let at = date - offsetAt(date, timeZone);
  at = date - offsetAt(at, timeZone);
  const w = wallClock(at, timeZone);
  if (dateOf(w) === date && w.hour === 0 && w.minute === 0 && w.second === 0) return at;
  // Where summer time starts at midnight (Chile, Lebanon…) there is no 00:00: the day starts at the
  // jump. Search, to the second, for the first instant that already has the new date.
  let before = at - 3 * 3_600_000;
  let after = at + 3 * 3_600_000;
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (dateOf(wallClock(mid, timeZone)) >= date) after = mid;
    else before = mid;
  }
  return after;
}

/** When the site day that contains `now` began. */
export function startOfSiteDay(now: Date, timeZone: string): Date {
  return new Date(dayStart(dateOf(wallClock(now.getTime(), timeZone)), timeZone));
}

/** When the next site day begins: the next midnight in the site's time zone. */
export function nextSiteMidnight(now: Date, timeZone: string): Date {
  const today = dateOf(wallClock(now.getTime(), timeZone));
  return new Date(dayStart(today + 86_400_000, timeZone));
}
