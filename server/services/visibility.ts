import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks, members, profiles } from '../db/schema';

/**
 * The rules every discovery query shares (search, profile view, likes, match finder, swipe game),
 * in one place so that no list forgets one (DESIGN §4 "Privacy by construction").
 */

/**
 * No block between the viewer and the member in `memberId`, in either direction: a blocked member
 * gets nothing of the blocker, and the blocker no longer sees the member they blocked.
 */
export function notBlockedWith(viewerId: number | null, memberId: AnyPgColumn | SQL): SQL | undefined {
  if (viewerId === null) return undefined;
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberId}) or (${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * A member others may discover on a site: an active account, not deleted, not invisible, with an
 * active profile. The query must join `members` and `profiles`. The site may be a placeholder of a
 * prepared query.
 */
export function discoverable(siteId: number | Placeholder): SQL {
  return and(
    eq(profiles.siteId, siteId),
    eq(members.status, 'active'),
    isNull(members.deletedAt),
    eq(members.invisible, false),
    eq(profiles.status, 'active'),
  ) as SQL;
}
