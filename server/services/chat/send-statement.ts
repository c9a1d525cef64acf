import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SendReason } from '../../../common/api/credits';
import { MESSAGES_PER_MINUTE } from '../../../common/constants';
import { creditReasonEnum, members, profiles } from '../../db/schema';
import { canSql } from '../policies/member';

/**
 * The SQL of a chat send, for any number of sends at once (the rows of `input`, one per send): the
 * batch of send-batch.ts, and the single sends of messages.ts (a photo, a chat's first message),
 * so the sending rules are written once.
 *
 * Per send it reads everything the rules need (the sender and whether they may still send: not
 * suspended or deleted; their side of the chat, the other member, whether the sender may reach
 * them, a message already saved under the client id) and, where the rules pass, counts the flood limit, debits, saves the message with its ledger row and moves both
 * sides of the chat, all or nothing. The senders' rows are locked first, so a member's sends run one
 * after the other and the balance each sees is the latest: 50 sends at once with credits for 10 give
 * exactly 10. Only a send the member can pay for counts against MESSAGES_PER_MINUTE; past it nothing
 * is debited or saved. A second send with the same client id breaks the unique index and undoes the
 * whole statement (the caller answers with the message saved the first time).
 *
 * One statement holds at most one send per sender: PostgreSQL does not update a row twice in one.
 */

/**
 * The ledger's enum (common/api/credits.ts) for the reason of the ledger row, which travels as text
 * like every enum of `input` (PGlite encodes arrays of built-in types only): a reason it does not
 * know fails the statement, and nothing of it is written.
 */
const creditReason = sql.identifier(creditReasonEnum.enumName);

/** One send's values. `conversation` 0: by `member` (the side with them), else by the chat's id. */
export type SendRow = {
  sender: number;
  conversation: number;
  member: number;
  client: string;
  site: number;
  price: number;
  kind: string;
  body: string;
  photo: string | null;
  thumb: string | null;
  gift: number | null;
  reason: SendReason;
  now: string;
};

export const SEND_COLUMNS = [
  ['sender', 'bigint'],
  ['conversation', 'bigint'],
  ['member', 'bigint'],
  ['client', 'uuid'],
  ['site', 'int'],
  ['price', 'int'],
  ['kind', 'text'],
  ['body', 'text'],
  ['photo', 'text'],
  ['thumb', 'text'],
  ['gift', 'int'],
  ['reason', 'text'],
  ['now', 'timestamptz'],
] as const satisfies readonly (readonly [keyof SendRow, string])[];

/** Each column's array: placeholders (a statement compiled once) or the values themselves. */
export type SendArrays = Record<keyof SendRow, SQL | Placeholder>;

export const sendPlaceholders = Object.fromEntries(
  SEND_COLUMNS.map(([name]) => [name, sql.placeholder(name)]),
) as SendArrays;

export const sendParams = (rows: SendRow[]) =>
  Object.fromEntries(
    SEND_COLUMNS.map(([name]) => [name, sql`${sql.param(rows.map((r) => r[name]))}`]),
  ) as SendArrays;

/**
 * Whether the sender may reach the other member (`o`, with their profile `op`) by the member policy
 * (services/policies/member.ts): in the chat that exists, `converse`; for a chat's first message,
 * `start`. On the sender's site (`site` of the send).
 */
const reach = (ability: 'converse' | 'start') =>
  canSql(
    ability,
    { viewer: sql`i.sender`, site: sql`i.site` },
    {
      known: { chat: ability === 'converse' },
      target: { members: alias(members, 'o'), profiles: alias(profiles, 'op'), id: sql`o.id` },
    },
  );

/**
 * The sender (the members row under `alias`) may still send: not suspended, not deleted. Read with
 * the rest, and again on the row locked for the debit, so that a deletion or a suspension committed
 * while the statement waited for that lock stops the send too (a socket or a request that got past
 * its session check before it).
 */
const senderLive = (alias: string) =>
  sql.raw(`(${alias}.status IN ('active', 'not_confirmed') AND ${alias}.deleted_at IS NULL)`);

/** The sends and what the rules need to know of each, as CTEs `input` and `ctx`. */
function contextCtes(a: SendArrays) {
  const arrays = SEND_COLUMNS.map(([name, type]) => sql`${a[name]}::${sql.raw(type)}[]`);
  return sql`
    input AS (
      SELECT * FROM unnest(${sql.join(arrays, sql`, `)})
        WITH ORDINALITY AS i(${sql.raw(SEND_COLUMNS.map(([name]) => name).join(', '))}, n)
    ), ctx AS (
      SELECT i.*, s.credits, s.paid_user AS paid, ${senderLive('s')} AS sender_live, side.conversation_id,
        o.id AS other_id, o.status AS other_status,
        CASE WHEN side.conversation_id IS NOT NULL THEN coalesce(${reach('converse')}, false) ELSE false END
          AS may_converse,
        CASE WHEN side.conversation_id IS NULL THEN coalesce(${reach('start')}, false) ELSE false END
          AS may_start,
        d.id AS m_id, d.conversation_id AS m_conversation_id, d.kind AS m_kind, d.body AS m_body,
        d.photo_key AS m_photo_key, d.photo_thumb_key AS m_photo_thumb_key, d.gift_id AS m_gift_id,
        (SELECT g.slug FROM gifts g WHERE g.id = d.gift_id) AS m_gift_slug, d.created_at AS m_created_at
      FROM input i
      LEFT JOIN members s ON s.id = i.sender
      LEFT JOIN LATERAL (
        SELECT cm.conversation_id, cm.other_member_id FROM conversation_members cm
          WHERE i.conversation <> 0 AND cm.conversation_id = i.conversation AND cm.member_id = i.sender
        UNION ALL
        SELECT cm.conversation_id, cm.other_member_id FROM conversation_members cm
          WHERE i.conversation = 0 AND cm.member_id = i.sender AND cm.other_member_id = i.member
        LIMIT 1
      ) side ON true
      LEFT JOIN members o ON o.id = CASE WHEN i.conversation <> 0 THEN side.other_member_id ELSE i.member END
      LEFT JOIN profiles op ON op.member_id = o.id
      LEFT JOIN messages d ON d.sender_id = i.sender AND d.client_id = i.client
    )`;
}

const contextColumns = sql`c.n, c.credits, c.paid, c.sender_live, c.conversation_id, c.other_id, c.other_status,
  c.may_converse, c.may_start,
  c.m_id, c.m_conversation_id, c.m_kind, c.m_body, c.m_photo_key, c.m_photo_thumb_key, c.m_gift_id,
  c.m_gift_slug, c.m_created_at`;

/** What the rules need to know of each send, written nothing (a photo's first look). */
export const sendContextStatement = (a: SendArrays) =>
  sql`WITH ${contextCtes(a)} SELECT ${contextColumns} FROM ctx c ORDER BY c.n`;

/** The sends checked and, where the rules pass, written: one row per send, in order. */
export const sendStatement = (a: SendArrays) => sql`
  WITH ${contextCtes(a)},
  go AS (
    SELECT * FROM ctx
    WHERE m_id IS NULL AND sender_live AND conversation_id IS NOT NULL AND may_converse
      AND other_status = 'active'
  ), locked AS (
    -- In id order, so two statements at once (PostgreSQL) wait for each other instead of deadlocking.
    -- The sender's state is checked again on the row as locked (the newest, after any wait).
    SELECT m.id, m.credits FROM members m WHERE m.id IN (SELECT sender FROM go) AND ${senderLive('m')}
    ORDER BY m.id FOR UPDATE OF m
  ), rate AS (
    -- A new window ends a minute after the send: the send's time is excluded's end less a minute.
    INSERT INTO rate_counters (key, count, window_ends_at)
    SELECT 'msg:' || g.sender, 1, g.now + interval '1 minute'
    FROM go g JOIN locked l ON l.id = g.sender WHERE l.credits >= g.price
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_ends_at <= excluded.window_ends_at - interval '1 minute'
        THEN 1 ELSE rate_counters.count + 1 END,
      window_ends_at = CASE WHEN rate_counters.window_ends_at <= excluded.window_ends_at - interval '1 minute'
        THEN excluded.window_ends_at ELSE rate_counters.window_ends_at END
    RETURNING key, count, window_ends_at
  ), debit AS (
    UPDATE members SET credits = members.credits - g.price
    FROM go g JOIN rate r ON r.key = 'msg:' || g.sender
    WHERE members.id = g.sender AND r.count <= ${sql.raw(String(MESSAGES_PER_MINUTE))}
      AND members.credits >= g.price AND ${senderLive('members')}
    RETURNING members.id, members.credits
  ), msg AS (
    INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, photo_key, photo_thumb_key,
      gift_id, credits, created_at)
    SELECT g.conversation_id, g.sender, g.client, g.kind::message_kind, g.body, g.photo, g.thumb,
      g.gift, g.price, g.now
    FROM go g JOIN debit d ON d.id = g.sender
    ORDER BY g.n
    RETURNING id, conversation_id, sender_id
  ), ledger AS (
    INSERT INTO credit_ledger (member_id, delta, balance_after, reason, reference, created_at)
    SELECT g.sender, -g.price, d.credits, g.reason::${creditReason}, msg.id::text, g.now
    FROM go g JOIN debit d ON d.id = g.sender JOIN msg ON msg.sender_id = g.sender
    WHERE g.price > 0
  ), agg AS (
    -- Both members of a chat may write in one statement: each side counts the other's messages.
    SELECT msg.conversation_id, max(msg.id) AS last_id, count(*)::int AS n,
      array_agg(msg.sender_id) AS senders, max(g.now) AS at
    FROM msg JOIN go g ON g.sender = msg.sender_id
    GROUP BY msg.conversation_id
  ), sides AS (
    UPDATE conversation_members cm SET
      unread_count = cm.unread_count + a.n - CASE WHEN cm.member_id = ANY (a.senders) THEN 1 ELSE 0 END,
      last_message_id = greatest(cm.last_message_id, a.last_id),
      last_message_at = greatest(cm.last_message_at, a.at),
      removed = false
    FROM agg a WHERE cm.conversation_id = a.conversation_id
  )
  SELECT ${contextColumns},
    l.credits AS before, r.count AS rate_count, r.window_ends_at AS rate_ends, d.credits AS new_credits,
    msg.id, msg.conversation_id AS saved_conversation_id
  FROM ctx c
  LEFT JOIN locked l ON l.id = c.sender
  LEFT JOIN rate r ON r.key = 'msg:' || c.sender
  LEFT JOIN debit d ON d.id = c.sender
  LEFT JOIN msg ON msg.sender_id = c.sender
  ORDER BY c.n`;
