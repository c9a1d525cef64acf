import { and, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks, conversationMembers, members, profiles } from '../../db/schema';

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

/** An active account, not deleted, not invisible, with an active profile on the site. */
function shown(siteId: number | Placeholder) {
  return [
    eq(profiles.siteId, siteId),
    eq(members.status, 'active'),
    isNull(members.deletedAt),
    eq(members.invisible, false),
    eq(profiles.status, 'active'),
  ];
}

/**
 * A member others may discover on a site: shown (above) and not hidden by open reports of several
 * members (issue 9, until a moderator decides). The query must join `members` and `profiles`. The
 * site may be a placeholder of a prepared query. `profiles.searchable` (migrations 0003, 0015) is
 * the search's copy of this rule.
 */
export function discoverable(siteId: number | Placeholder): SQL {
  return and(...shown(siteId), eq(members.hiddenByReports, false)) as SQL;
}

/**
 * Whose profile page a viewer may open: a discoverable member, or one hidden by reports whom the
 * viewer already chats with (a hidden profile leaves the lists, not the chats it is in).
 */
export function openableBy(siteId: number | Placeholder, viewerId: AnyPgColumn | SQL): SQL {
  return and(
    ...shown(siteId),
    or(
      eq(members.hiddenByReports, false),
      sql`exists (select 1 from ${conversationMembers} where ${conversationMembers.memberId} = ${viewerId} and ${conversationMembers.otherMemberId} = ${profiles.memberId})`,
    ),
  ) as SQL;
}
