import { UNREAD_BADGE_CAP } from '../constants';

/**
 * What a count badge in the top bar says: nothing at zero, the number up to the cap,
 * "99+" above it, so the badge keeps its width.
 */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

/** The page title with the count of new things before it. */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}
