/** Whole years between a birth date (YYYY-MM-DD) and `on`. */
export function ageOn(birthDate: string, on: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The birth date (YYYY-MM-DD) of someone who turns `years` on `now` (UTC). */
export function bornYearsAgo(now: Date, years: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * The birth dates of the ages minAge…maxAge on `now`: born on or before `bornBy` and after
 * `bornAfter` (so that a search by age is a range on an indexed birth date).
 */
export function birthDateRange(now: Date, minAge: number, maxAge: number) {
  return { bornBy: bornYearsAgo(now, minAge), bornAfter: bornYearsAgo(now, maxAge + 1) };
}
