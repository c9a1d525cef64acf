import { eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { blocks, conversationMembers, likes, members, profiles } from '../../db/schema';
import { all, any, type CompileOptions, compile, holds, named, not, type Rule, type SqlFact } from './expr';

/**
 * Who may see and reach which member: the one policy every list, count, profile, chat, like,
 * socket frame and notification asks (after Outline's server/policies, one module per subject).
 * Each ability is a rule over the facts below, read in TypeScript (`can`) and in SQL (`canSql`)
 * from the same definition (expr.ts).
 *
 * The viewer is a member or a visitor (no member: no relation holds); the target is any member.
 *
 * - **discover** (search and its counts, match finder, swipe game, showcase and landers, signup
 *   matches, the weekly mail's new members): the target is shown (an active, confirmed account, not
 *   deleted, with an active profile, not invisible, not hidden by reports) on the viewer's site,
 *   is not the viewer, and no block stands between them either way.
 * - **open** (the profile and its photos): one's own profile; else, with no block either way, a
 *   member one may discover, or one that still exists (not deleted, not suspended, on the site)
 *   with whom one has a chat or a match (liked each other). So invisible mode and a profile hidden
 *   by reports take a member out of every list but not away from their contacts.
 * - **like** (like and unlike, and who appears in one's likes lists, the like modal, the new likes
 *   of the badge count and the like notifications): whom one may open, except oneself.
 * - **start** (a new chat: the chat screen and the first message by member id): no block either
 *   way, not hidden by reports, and a member one may discover or an existing match (an invisible
 *   member is written to by their matches, not by strangers).
 * - **converse** (a chat that exists: its screen and history, send and gifts, read receipts,
 *   typing, the chats list and its unread counts, the badge count, push and mail texts about
 *   messages): the member still exists and no block stands between the two either way.
 * - **premiumPhotos** (the profile's photo overview): the premium photos of whom one may open,
 *   unblurred for premium members and the owner. The image files themselves are served by their
 *   random keys (routes/media.ts): the policy decides which keys a viewer is given.
 *
 * Blocked and blocking are alike: a block in either direction makes each member to the other what a
 * member who does not exist is (404, no card, no online state, no read receipts, no typing, no
 * likes); the blocker still finds the blocked member in their own block list
 * (services/safety/blocked-members.ts), which is not a view of this policy. Suspended and deleted
 * members are gone for everyone else; their chats leave the lists. Fictional members follow the
 * same rules as real ones (signup matches choose real members only: a selection, not a rule here).
 * An unconfirmed member may write (and be answered once confirmed) in the chats they started, and
 * is opened by those they write to; only confirmed members are listed or written to first. Online
 * state is never shown for an invisible member (presenters/profile.ts).
 */

export const MEMBER_FACTS = [
  /** The account is confirmed and in use (status active). */
  'active',
  /** The account waits for its e-mail confirmation (status not_confirmed). */
  'unconfirmed',
  'deleted',
  /** The member's profile is on the site asked about. */
  'onSite',
  'profileActive',
  'invisible',
  'hiddenByReports',
  /** The viewer is the member. */
  'self',
  /** The viewer blocked the member. */
  'blocks',
  /** The member blocked the viewer. */
  'blockedBy',
  /** A conversation between the two (whether or not either side removed it from their list). */
  'chat',
  /** The two like each other. */
  'match',
  'viewerPaid',
] as const;
export type MemberFact = (typeof MEMBER_FACTS)[number];
export type MemberFacts = Record<MemberFact, boolean>;

/** The account exists for others: not deleted, not suspended, on the site. */
const exists = named<MemberFact>('exists', all(any('active', 'unconfirmed'), not('deleted'), 'onSite'));
/**
 * Shown in discovery, on any site: `profiles.searchable` is the search's copy of this part, kept by
 * the triggers of migrations 0003 and 0015 (member.api.test.ts proves the two agree).
 */
const shown = named<MemberFact>(
  'shown',
  all('active', not('deleted'), 'profileActive', not('invisible'), not('hiddenByReports')),
);
const listed = all(shown, 'onSite');
const apart = any<MemberFact>('blocks', 'blockedBy');
const acquainted = any<MemberFact>('chat', 'match');
/** Seen by another member: no block either way, and listed or an acquaintance who still exists. */
const seen = all(not(apart), any(listed, all(exists, acquainted)));
const open = any(all<MemberFact>('self', 'onSite'), seen);
/** Premium photos show unblurred to their owner and to premium members. */
const unlocked = named<MemberFact>('unlocked', any('self', 'viewerPaid'));

export const memberPolicy = {
  discover: all(not('self'), not(apart), listed),
  open,
  like: all(not('self'), seen),
  start: all(not('self'), not(apart), not('hiddenByReports'), any(listed, all(exists, 'match'))),
  converse: all('chat', not('self'), not(apart), exists),
  premiumPhotos: all(open, unlocked),
} as const satisfies Record<string, Rule<MemberFact>>;
export type MemberAbility = keyof typeof memberPolicy;

/** The named parts of the rules, which a query may answer from a copy of its own (`replace`). */
export const memberParts = { exists, shown, unlocked } as const;
export type MemberPart = keyof typeof memberParts;

/** Whether the viewer may do this with the member, on facts already known. */
export const can = (ability: MemberAbility, facts: MemberFacts): boolean =>
  holds(memberPolicy[ability], facts);

/** Who asks: a member id, none (a visitor), or the query's own expression (NULL for a visitor). */
export type Viewer = number | null | SQLWrapper;

export type Scope = { viewer: Viewer; site: number | Placeholder | SQLWrapper };

/**
 * The member asked about, as the query has them: `members` and `profiles` (or aliases of them,
 * joined on the member), and the member's id (default the profile's).
 */
export type Target = {
  members: Record<'status' | 'deletedAt' | 'invisible' | 'hiddenByReports', AnyPgColumn>;
  profiles: Record<'memberId' | 'siteId' | 'status', AnyPgColumn>;
  id?: AnyPgColumn | SQL;
};

const table = { members, profiles };

// The policy's own sub-queries name their tables apart, so a query over the same tables stays apart.
function aliased<T extends PgTable>(t: T, name: string) {
  return { row: alias(t, name), from: sql`${t} as ${sql.identifier(name)}` };
}
const block = aliased(blocks, 'policy_block');
const chat = aliased(conversationMembers, 'policy_chat');
const like = aliased(likes, 'policy_like');
const likedBack = aliased(likes, 'policy_liked');
const viewerRow = aliased(members, 'policy_viewer');

/** Each fact in SQL, for a target and a scope. */
function sqlFacts(target: Target, scope: Scope): (fact: MemberFact) => SqlFact {
  const m = target.members;
  const p = target.profiles;
  const id = target.id ?? p.memberId;
  const v = scope.viewer;
  const relation = (query: SQL): SqlFact =>
    v === null ? { yes: false, no: true } : { yes: sql`exists (${query})`, no: sql`not exists (${query})` };
  const flag = (column: AnyPgColumn): SqlFact => ({ yes: sql`${column}`, no: sql`${column} is not true` });
  // The values are the policy's own constants: written out, so a prepared plan knows them.
  const equals = (column: AnyPgColumn, value: 'active' | 'not_confirmed'): SqlFact => ({
    yes: sql`${column} = ${sql.raw(`'${value}'`)}`,
    no: sql`${column} is distinct from ${sql.raw(`'${value}'`)}`,
  });
  return (fact) => {
    switch (fact) {
      case 'active':
        return equals(m.status, 'active');
      case 'unconfirmed':
        return equals(m.status, 'not_confirmed');
      case 'deleted':
        return { yes: sql`${m.deletedAt} is not null`, no: sql`${m.deletedAt} is null` };
      case 'onSite':
        return { yes: eq(p.siteId, scope.site), no: sql`${p.siteId} is distinct from ${scope.site}` };
      case 'profileActive':
        return equals(p.status, 'active');
      case 'invisible':
        return flag(m.invisible);
      case 'hiddenByReports':
        return flag(m.hiddenByReports);
      case 'self':
        if (v === null) return { yes: false, no: true };
        if (typeof v === 'number') return { yes: sql`${id} = ${v}`, no: sql`${id} <> ${v}` };
        return { yes: sql`${v} is not distinct from ${id}`, no: sql`${v} is distinct from ${id}` };
      case 'blocks':
        return relation(
          sql`select 1 from ${block.from} where ${block.row.blockerId} = ${v} and ${block.row.blockedId} = ${id}`,
        );
      case 'blockedBy':
        return relation(
          sql`select 1 from ${block.from} where ${block.row.blockerId} = ${id} and ${block.row.blockedId} = ${v}`,
        );
      case 'chat':
        return relation(
          sql`select 1 from ${chat.from} where ${chat.row.memberId} = ${v} and ${chat.row.otherMemberId} = ${id}`,
        );
      case 'match': {
        if (v === null) return { yes: false, no: true };
        const liked = sql`select 1 from ${like.from} where ${like.row.likerId} = ${v} and ${like.row.likedId} = ${id}`;
        const back = sql`select 1 from ${likedBack.from} where ${likedBack.row.likerId} = ${id} and ${likedBack.row.likedId} = ${v}`;
        return {
          yes: sql`(exists (${liked}) and exists (${back}))`,
          no: sql`(not exists (${liked}) or not exists (${back}))`,
        };
      }
      case 'viewerPaid':
        return relation(
          sql`select 1 from ${viewerRow.from} where ${viewerRow.row.id} = ${v} and ${viewerRow.row.paidUser}`,
        );
    }
  };
}

/**
 * The ability as a SQL condition on a query that joins `members` and `profiles` of the member asked
 * about (or the aliases in `target`). `known` folds facts the query already knows (a chat's own
 * rows know there is a chat); `replace` answers a named part (`shown`) from a copy of it.
 */
export function canSql(
  ability: MemberAbility,
  scope: Scope,
  options: CompileOptions<MemberFact> & { target?: Target } = {},
): SQL {
  return compile(memberPolicy[ability], sqlFacts(options.target ?? table, scope), options);
}

/** A named part of the rules as a SQL condition, for a query that already applies the rest. */
export function partSql(
  part: MemberPart,
  scope: Scope,
  options: CompileOptions<MemberFact> & { target?: Target } = {},
): SQL {
  return compile(memberParts[part], sqlFacts(options.target ?? table, scope), options);
}

/** The facts of one viewer and member on a site, as the database has them now; null: no such member. */
export async function factsOf(
  db: Db | Tx,
  viewer: number | null,
  memberId: number,
  site: number,
): Promise<MemberFacts | null> {
  const facts = sqlFacts(table, { viewer, site });
  const columns = Object.fromEntries(
    MEMBER_FACTS.map((fact) => {
      const yes = facts(fact).yes;
      return [fact, sql<boolean>`coalesce(${typeof yes === 'boolean' ? sql.raw(String(yes)) : yes}, false)`];
    }),
  ) as Record<MemberFact, SQL<boolean>>;
  const [row] = await db
    .select(columns)
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  return row ? (Object.fromEntries(MEMBER_FACTS.map((f) => [f, Boolean(row[f])])) as MemberFacts) : null;
}
