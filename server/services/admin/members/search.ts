import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MEMBER_SEARCH_PAGE,
  type MemberSearchField,
  type MemberSearchResponse,
  type MemberSummary,
} from '../../../../common/api/admin/members';
import type { Db } from '../../../db/client';
import { members, photos, profiles, sites } from '../../../db/schema';
import { cursorId, decodeCursor, encodeCursor } from '../../../infra/cursor';
import { staffPhotoUrl } from '../../../presenters/console';

/*
 * Both searches walk an index in byte order ("C" collation; migration 0012): a prefix is the range
 * [prefix, prefix + U+10FFFF) of it, whatever the database's own collation, and the page after a
 * cursor continues the same walk. U+10FFFF is the last code point, so every name or address that
 * starts with the prefix sorts below the upper bound.
 */
const emailKey = sql<string>`lower(${members.email}) collate "C"`;
const nameKey = sql<string>`lower(${profiles.name}) collate "C"`;
const LAST_CODE_POINT = '\u{10FFFF}';

/** The page after the last row's sort key (its lower-cased address or name) and id. */
const searchCursor = z.tuple([z.string(), cursorId]);

const columns = {
  id: members.id,
  siteId: members.siteId,
  site: sites.domain,
  email: members.email,
  status: members.status,
  credits: members.credits,
  paid: members.paidUser,
  deletedAt: members.deletedAt,
  signupDate: members.signupDate,
  lastActiveAt: members.lastActiveAt,
  name: profiles.name,
  fictional: profiles.fictional,
  photoId: photos.id,
};
type Row = {
  id: number;
  siteId: number;
  site: string;
  email: string;
  status: MemberSummary['status'];
  credits: number;
  paid: boolean;
  deletedAt: Date | null;
  signupDate: Date;
  lastActiveAt: Date;
  name: string | null;
  fictional: boolean | null;
  photoId: number | null;
};

function present(row: Row): MemberSummary {
  return {
    id: row.id,
    site_id: row.siteId,
    site: row.site,
    email: row.email,
    name: row.name,
    status: row.status,
    credits: row.credits,
    paid: row.paid,
    fictional: row.fictional ?? false,
    deleted: row.deletedAt !== null,
    signup_date: row.signupDate.toISOString(),
    last_active: row.lastActiveAt.toISOString(),
    thumb_url: row.photoId === null ? null : staffPhotoUrl(row.photoId),
  };
}

export type MemberSearch = { q: string; by: MemberSearchField; siteId?: number; cursor?: string };

/**
 * What `auto` looks for: digits are an id, an @ makes an address, anything else the beginning of a
 * name or of an address (`either`): names first, then the addresses of members whose name does not
 * start so, each in its own index order.
 */
export function searchField(q: string, by: MemberSearchField): Exclude<MemberSearchField, 'auto'> | 'either' {
  if (by !== 'auto') return by;
  if (/^\d{1,15}$/.test(q)) return 'id';
  return q.includes('@') ? 'email' : 'either';
}

/*
 * A cursor of `either` carries which walk it is in: its sort key starts with a mark, `n` while the
 * names are walked and `e` once the addresses are, so the next page goes on in the right one.
 */
const NAME_WALK = 'n';
const EMAIL_WALK = 'e';

/**
 * The console's member search: by e-mail (exact or prefix, case-insensitive), profile name (prefix)
 * or id, or (`auto`) whichever of them fits, on one site or all, in pages of MEMBER_SEARCH_PAGE by
 * keyset. Deleted accounts are found too (support answers questions about them), flagged as such.
 */
export async function searchMembers(db: Db, s: MemberSearch): Promise<MemberSearchResponse> {
  const field = searchField(s.q, s.by);
  const site = s.siteId === undefined ? undefined : eq(members.siteId, s.siteId);

  if (field === 'id') {
    if (!/^\d{1,15}$/.test(s.q)) return { members: [], next_cursor: null };
    const rows = await base(db).where(and(eq(members.id, Number(s.q)), site));
    return { members: rows.map(present), next_cursor: null };
  }

  const after = s.cursor ? decodeCursor(s.cursor, searchCursor) : undefined;
  if (field !== 'either') {
    const { rows, more } = await prefixWalk(db, field, s, after, MEMBER_SEARCH_PAGE);
    return page(rows, more, (key) => key);
  }

  // Names first; once they are through, the addresses fill the page and go on from there.
  const walk = after?.[0].startsWith(EMAIL_WALK) ? EMAIL_WALK : NAME_WALK;
  const unmarked = after && ([after[0].slice(1), after[1]] as [string, number]);
  const names =
    walk === NAME_WALK
      ? await prefixWalk(db, 'name', s, unmarked, MEMBER_SEARCH_PAGE)
      : { rows: [], more: false };
  if (names.more) return page(names.rows, true, (key) => NAME_WALK + key);
  const left = MEMBER_SEARCH_PAGE - names.rows.length;
  const emails = await prefixWalk(db, 'email', s, walk === EMAIL_WALK ? unmarked : undefined, left, {
    skipNames: true,
  });
  const rows = [
    ...names.rows.map((r) => ({ ...r, mark: NAME_WALK })),
    ...emails.rows.map((r) => ({ ...r, mark: EMAIL_WALK })),
  ];
  return page(rows, emails.more, (key, row) => row.mark + key);
}

/** One walk of an index from a prefix (and a cursor): up to `limit` rows, and whether more follow. */
async function prefixWalk(
  db: Db,
  field: 'email' | 'name',
  s: MemberSearch,
  after: [string, number] | undefined,
  limit: number,
  opts: { skipNames?: boolean } = {},
) {
  // Lower-cased by the database, as the index is: JavaScript's lower case differs for a few letters.
  const prefix = sql`lower(${s.q}) collate "C"`;
  const key = field === 'email' ? emailKey : nameKey;
  const id = field === 'email' ? members.id : profiles.memberId;
  const conditions: (SQL | undefined)[] = [
    sql`${key} >= ${prefix}`,
    sql`${key} < ${prefix} || ${LAST_CODE_POINT}`,
    after ? sql`(${key}, ${id}) > (${after[0]}, ${after[1]})` : undefined,
    // The name search walks profiles, which carry the site too.
    s.siteId === undefined
      ? undefined
      : field === 'email'
        ? eq(members.siteId, s.siteId)
        : eq(profiles.siteId, s.siteId),
    // The members the name walk found already.
    opts.skipNames
      ? sql`not coalesce(${nameKey} >= ${prefix} and ${nameKey} < ${prefix} || ${LAST_CODE_POINT}, false)`
      : undefined,
  ];
  if (limit <= 0) {
    const [first] = await base(db, field === 'name', key)
      .where(and(...conditions))
      .limit(1);
    return { rows: [], more: Boolean(first) };
  }
  const rows = await base(db, field === 'name', key)
    .where(and(...conditions))
    .orderBy(key, id)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** A page of rows, with the cursor after its last row when more follow. */
function page<R extends Row & { sortKey: string }>(
  rows: R[],
  more: boolean,
  mark: (key: string, row: R) => string,
): MemberSearchResponse {
  const last = rows.at(-1);
  return {
    members: rows.map(present),
    next_cursor: more && last ? encodeCursor([mark(last.sortKey, last), last.id]) : null,
  };
}

/** Members with their site, profile and main photo; the name search starts from profiles. */
function base(db: Db, fromProfiles = false, sortKey = sql<string>`''`) {
  if (fromProfiles)
    return db
      .select({ ...columns, sortKey })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .innerJoin(sites, eq(sites.id, members.siteId))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .$dynamic();
  return db
    .select({ ...columns, sortKey })
    .from(members)
    .innerJoin(sites, eq(sites.id, members.siteId))
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .$dynamic();
}
