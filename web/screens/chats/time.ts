import type { TFunction } from 'i18next';
import { formatDate } from '../../format';
import { daysAgo } from './history-rows';

/** Overview time of the last message: today its clock time, earlier the date (chat overview). */
export function listTime(iso: string, now: Date, lng: string | undefined): string {
  const date = new Date(iso);
  if (daysAgo(date, now) === 0) return formatDate(date, lng, { dateStyle: undefined, timeStyle: 'short' });
  const sameYear = date.getFullYear() === now.getFullYear();
  return formatDate(date, lng, {
    dateStyle: undefined,
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
  });
}

/** A message's clock time. */
export const clockTime = (iso: string, lng: string | undefined) =>
  formatDate(iso, lng, { dateStyle: undefined, timeStyle: 'short' });

/** The day separator: "Today", "Yesterday", the weekday within a week, else the date. */
export function dayLabel(date: Date, now: Date, t: TFunction, lng: string | undefined): string {
  const ago = daysAgo(date, now);
  if (ago === 0) return t('chat.today');
  if (ago === 1) return t('chat.yesterday');
  if (ago > 1 && ago < 7) return formatDate(date, lng, { dateStyle: undefined, weekday: 'long' });
  const sameYear = date.getFullYear() === now.getFullYear();
  return formatDate(date, lng, {
    dateStyle: undefined,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: sameYear ? undefined : 'numeric',
  });
}
