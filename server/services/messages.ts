import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { MessagesQuery, MessagesResponse, SendMessageResponse } from '../../common/api/chats';
import {
  CHAT_CATCH_UP_CAP,
  CHAT_HISTORY_LIMIT_FREE,
  CHAT_PAGE_SIZE,
  FREE_CHAT_STARTS,
  MESSAGES_PER_MINUTE,
} from '../../common/constants';
import type { Services } from '../app';
import type { Db, Tx } from '../db/client';
import { conversationMembers, conversations, gifts, members, messages } from '../db/schema';
import { ApiError } from '../plugins/errors';
import { type MessageRow, presentMessage } from '../presenters/chat';
import { chatsStarted, pairOf } from './chats';
import { giftCatalogue, giftPrice } from './gifts';
import { renderPhoto } from './photo-images';
import { type Compiled, compile, runCompiled } from './prepared';
import type { Site } from './sites';
import type { Storage } from './storage';

/**
 * Chat history and sending (SPEC §3, §8, §9). Sending is the hottest path of the product (a
 * benchmark drives thousands a second through the socket), so a text or gift in an existing chat is
 * ONE prepared statement: it reads everything the rules need and, only when they pass, rate-counts,
 * debits, saves the message, writes the ledger row and moves both sides of the chat, all or nothing.
 * The rarer paths (a chat's first message, a photo) look first and write after.
 */

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  clientId: messages.clientId,
  kind: messages.kind,
  body: messages.body,
  photoKey: messages.photoKey,
  photoThumbKey: messages.photoThumbKey,
  giftId: messages.giftId,
  giftSlug: gifts.slug,
  createdAt: messages.createdAt,
};

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

// ---------------------------------------------------------------------------------------------
// History

/**
 * GET /api/messages.php: a page of the viewer's history, by keyset on the message id. The viewer
 * sees nothing up to their `cleared_up_to` (a removed chat) and, as a free member, only the newest
 * CHAT_HISTORY_LIMIT_FREE messages (SPEC §8 "chat history limit").
 */
export async function messageHistory(
  db: Db,
  viewerId: number,
  query: MessagesQuery,
): Promise<MessagesResponse> {
  const conversationId = query.conversation_id;
  const [side] = await db
    .select({ clearedUpTo: conversationMembers.clearedUpTo, paid: members.paidUser })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.memberId))
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, viewerId)),
    );
  if (!side) throw new ApiError(404, 'not_found');

  // Everything up to `floor` is hidden from this viewer.
  let floor = side.clearedUpTo;
  let historyLimited = false;
  if (!side.paid) {
    // The oldest message a free member may see, and whether an older one exists: one index range.
    const oldest = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.id, floor)))
      .orderBy(desc(messages.id))
      .offset(CHAT_HISTORY_LIMIT_FREE - 1)
      .limit(2);
    if (oldest[0]) {
      floor = oldest[0].id - 1;
      historyLimited = oldest.length > 1;
    }
  }

  const base = db
    .select(messageColumns)
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.giftId))
    .$dynamic();
  if (query.after !== undefined) {
    const rows = await base
      .where(and(eq(messages.conversationId, conversationId), gt(messages.id, Math.max(floor, query.after))))
      .orderBy(asc(messages.id))
      .limit(CHAT_CATCH_UP_CAP + 1);
    return {
      messages: rows.slice(0, CHAT_CATCH_UP_CAP).map(presentMessage),
      has_more: rows.length > CHAT_CATCH_UP_CAP,
      history_limited: historyLimited,
    };
  }
  const rows = await base
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, floor),
        query.before !== undefined ? lt(messages.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(presentMessage),
    has_more: rows.length > CHAT_PAGE_SIZE,
    history_limited: historyLimited,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** What a send asks for; the HTTP call and the socket frame both come down to this. */
export type SendInput = {
  clientId: string;
  conversationId?: number;
  memberId?: number;
  kind: 'text' | 'gift' | 'photo';
  body: string;
  giftId?: number;
  /** The uploaded file of a photo message. */
  photo?: Buffer;
};

/**
 * The values of a send's statements. Each statement is written once against these names: with a
 * send's values as parameters (the rarer paths), or with placeholders, compiled and prepared once
 * (the hot path), so that a send in an existing chat builds no SQL at all.
 */
const SEND_VALUES = [
  'sender',
  'conversation',
  'member',
  'client',
  'site',
  'price',
  'debit',
  'now',
  'ends',
  'rateKey',
  'kind',
  'body',
  'photo',
  'thumb',
  'gift',
  'reason',
] as const;
type SendValues = Record<(typeof SEND_VALUES)[number], string | number | null>;
type Refs = Record<(typeof SEND_VALUES)[number], SQL | Placeholder>;

const asParams = (values: SendValues) =>
  Object.fromEntries(SEND_VALUES.map((k) => [k, sql`${values[k]}`])) as Refs;
const PLACEHOLDERS = Object.fromEntries(SEND_VALUES.map((k) => [k, sql.placeholder(k)])) as Refs;

/** Where a send goes and what the rules need to know, read in one query. */
type SendContext = {
  credits: number;
  paid: boolean;
  conversationId: number | null;
  otherId: number | null;
  otherStatus: string | null;
  otherDeleted: boolean;
  otherInvisible: boolean;
  otherSite: number | null;
  profileStatus: string | null;
  blocked: boolean;
  existing: MessageRow | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The parts of a send's first look, as CTEs: the sender, their side of the chat (by conversation:
 * the sender's own side of it names the other member; by member: the side with them), the other
 * member and a block between them, and a message already saved under this client id (a retry).
 */
function contextCtes(v: Refs, byConversation: boolean) {
  const side = byConversation
    ? sql`cm.conversation_id = ${v.conversation}::bigint AND cm.member_id = ${v.sender}::bigint`
    : sql`cm.member_id = ${v.sender}::bigint AND cm.other_member_id = ${v.member}::bigint`;
  const otherId = byConversation ? sql`(SELECT other_member_id FROM side)` : sql`${v.member}::bigint`;
  return sql`
    sender AS (SELECT credits, paid_user FROM members WHERE id = ${v.sender}::bigint),
    side AS (SELECT cm.conversation_id, cm.other_member_id FROM conversation_members cm WHERE ${side} LIMIT 1),
    other AS (
      SELECT o.id, o.status, (o.deleted_at IS NOT NULL) AS deleted, o.invisible, o.site_id,
        (SELECT p.status FROM profiles p WHERE p.member_id = o.id) AS profile_status,
        EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${v.sender}::bigint AND b.blocked_id = o.id)
          OR (b.blocker_id = o.id AND b.blocked_id = ${v.sender}::bigint)) AS blocked
      FROM members o WHERE o.id = ${otherId}
    ),
    dup AS (
      SELECT m.id, m.conversation_id, m.kind, m.body, m.photo_key, m.photo_thumb_key, m.gift_id,
        (SELECT g.slug FROM gifts g WHERE g.id = m.gift_id) AS gift_slug, m.created_at
      FROM messages m WHERE m.sender_id = ${v.sender}::bigint AND m.client_id = ${v.client}::uuid
    )`;
}

/** What the context CTEs answer, as columns of one row. */
const contextColumns = sql`
  (SELECT credits FROM sender) AS credits, (SELECT paid_user FROM sender) AS paid,
  (SELECT conversation_id FROM side) AS conversation_id,
  other.id AS other_id, other.status AS other_status, other.deleted AS other_deleted,
  other.invisible AS other_invisible, other.site_id AS other_site, other.profile_status, other.blocked,
  dup.id AS m_id, dup.conversation_id AS m_conversation_id, dup.kind AS m_kind, dup.body AS m_body,
  dup.photo_key AS m_photo_key, dup.photo_thumb_key AS m_photo_thumb_key, dup.gift_id AS m_gift_id,
  dup.gift_slug AS m_gift_slug, dup.created_at AS m_created_at`;
const contextFrom = sql`FROM (SELECT 1) AS one LEFT JOIN other ON true LEFT JOIN dup ON true`;

function parseContext(
  r: Record<string, unknown> | undefined,
  senderId: number,
  input: SendInput,
): SendContext {
  if (!r || r.credits === null || r.credits === undefined) throw new ApiError(403, 'authentication_required');
  return {
    credits: Number(r.credits),
    paid: Boolean(r.paid),
    conversationId: num(r.conversation_id),
    otherId: num(r.other_id),
    otherStatus: (r.other_status as string | null) ?? null,
    otherDeleted: Boolean(r.other_deleted),
    otherInvisible: Boolean(r.other_invisible),
    otherSite: num(r.other_site),
    profileStatus: (r.profile_status as string | null) ?? null,
    blocked: Boolean(r.blocked),
    existing:
      r.m_id === null || r.m_id === undefined
        ? null
        : {
            id: Number(r.m_id),
            conversationId: Number(r.m_conversation_id),
            senderId,
            clientId: input.clientId,
            kind: r.m_kind as MessageRow['kind'],
            body: String(r.m_body),
            photoKey: (r.m_photo_key as string | null) ?? null,
            photoThumbKey: (r.m_photo_thumb_key as string | null) ?? null,
            giftId: num(r.m_gift_id),
            giftSlug: (r.m_gift_slug as string | null) ?? null,
            createdAt: new Date(r.m_created_at as string | Date),
          },
  };
}

async function sendContext(db: Db, values: SendValues, input: SendInput): Promise<SendContext> {
  const ctes = contextCtes(asParams(values), input.conversationId !== undefined);
  const result = await db.execute(sql`WITH ${ctes} SELECT ${contextColumns} ${contextFrom}`);
  return parseContext(result.rows[0] as Record<string, unknown> | undefined, Number(values.sender), input);
}

/** The rules of SPEC §8/§9 on a send, in the order a member should learn of them. */
function checkRecipient(ctx: SendContext, input: SendInput, site: Site) {
  if (input.conversationId !== undefined && ctx.conversationId === null) throw new ApiError(404, 'not_found');
  const reachable =
    ctx.otherId !== null &&
    !ctx.otherDeleted &&
    ctx.otherSite === site.id &&
    ctx.profileStatus !== null &&
    (ctx.otherStatus === 'active' || ctx.otherStatus === 'not_confirmed');
  if (!reachable) throw new ApiError(404, 'not_found');
  // A new chat only with a member one could find; an invisible member keeps the chats they are in.
  if (ctx.conversationId === null && (ctx.otherInvisible || ctx.profileStatus !== 'active'))
    throw new ApiError(404, 'not_found');
  if (ctx.blocked) throw new ApiError(403, 'blocked');
  if (ctx.otherStatus === 'not_confirmed') throw new ApiError(409, 'recipient_not_confirmed');
}

/** The price of a send on this site, and the reason its ledger row carries. */
async function priceOf(services: { db: Db; now: () => Date }, input: SendInput, site: Site) {
  if (input.kind === 'photo')
    return { price: site.settings.photo_credits, reason: 'photo_message', giftSlug: null };
  if (input.kind === 'gift') {
    if (input.giftId === undefined)
      throw new ApiError(400, 'invalid_input', { fields: { gift_id: 'required' } });
    const gift = await giftCatalogue(services).byId(input.giftId);
    if (!gift?.active) throw new ApiError(404, 'not_found');
    return { price: giftPrice(gift, site), reason: 'gift', giftSlug: gift.slug };
  }
  return { price: site.settings.message_credits, reason: 'message', giftSlug: null };
}

/**
 * Checks the text: a text message needs some; nothing may be longer than the site's message_length.
 * A NUL character cannot be stored in PostgreSQL text and means nothing to a reader: it is dropped.
 */
function checkBody(input: SendInput, site: Site): string {
  const body = input.body.replaceAll('\u0000', '').trim();
  if (input.kind === 'text' && body.length === 0) throw new ApiError(400, 'message_empty');
  const max = site.settings.message_length;
  if (body.length > max) throw new ApiError(400, 'message_too_long', { max });
  return body;
}

/**
 * A chat photo's storage key names the two members (`c/<low>z<high>z<random>`), so the media route
 * serves it to exactly them without a database look-up, and a member of another chat cannot name it.
 */
const chatPhotoKey = (a: number, b: number) => {
  const { memberLow, memberHigh } = pairOf(a, b);
  return `c/${memberLow}z${memberHigh}z${randomBytes(12).toString('hex')}.webp`;
};

/** The two members a chat photo key belongs to, or null when the key is not a chat photo's. */
export function chatPhotoMembers(key: string): [number, number] | null {
  const match = /^c\/(\d{1,15})z(\d{1,15})z[0-9a-f]{24}\.webp$/.exec(key);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * The writing part of a send, as CTEs. The sender's row is locked first, so sends of one member run
 * one after the other and the balance each sees is the latest: 50 sends at once with credits for 10
 * give exactly 10. Only a send the member can pay for counts against MESSAGES_PER_MINUTE; past it
 * nothing is debited or saved. A second send with the same client id breaks the unique index and
 * the whole statement is undone (the caller answers with the message saved the first time).
 * `conversation` is the chat's id, or an expression that finds it; `gate`, a condition the write
 * waits for (the checks of the same statement).
 */
function writeCtes(v: Refs, conversation: SQL, gate: SQL = sql`true`) {
  return sql`
    locked AS (
      SELECT credits FROM members WHERE id = ${v.sender}::bigint AND ${gate} FOR UPDATE
    ), rate AS (
      INSERT INTO rate_counters (key, count, window_ends_at)
      SELECT ${v.rateKey}::text, 1, ${v.ends}::timestamptz FROM locked WHERE locked.credits >= ${v.price}::int
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_counters.window_ends_at <= ${v.now}::timestamptz THEN 1 ELSE rate_counters.count + 1 END,
        window_ends_at = CASE WHEN rate_counters.window_ends_at <= ${v.now}::timestamptz
          THEN ${v.ends}::timestamptz ELSE rate_counters.window_ends_at END
      RETURNING count, window_ends_at
    ), debit AS (
      UPDATE members SET credits = members.credits - ${v.price}::int FROM rate
      WHERE members.id = ${v.sender}::bigint AND rate.count <= ${MESSAGES_PER_MINUTE}::int
        AND members.credits >= ${v.price}::int
      RETURNING members.credits
    ), msg AS (
      INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, photo_key, photo_thumb_key, gift_id, credits, created_at)
      SELECT ${conversation}, ${v.sender}::bigint, ${v.client}::uuid, ${v.kind}::message_kind,
        ${v.body}::text, ${v.photo}::text, ${v.thumb}::text, ${v.gift}::int, ${v.price}::int, ${v.now}::timestamptz
      FROM debit
      RETURNING id, conversation_id
    ), ledger AS (
      INSERT INTO credit_ledger (member_id, delta, balance_after, reason, reference, created_at)
      SELECT ${v.sender}::bigint, ${v.debit}::int, debit.credits, ${v.reason}::text, msg.id::text, ${v.now}::timestamptz
      FROM debit, msg WHERE ${v.price}::int > 0
    ), sides AS (
      UPDATE conversation_members SET
        unread_count = conversation_members.unread_count
          + CASE WHEN conversation_members.member_id = ${v.sender}::bigint THEN 0 ELSE 1 END,
        last_message_id = greatest(conversation_members.last_message_id, msg.id),
        last_message_at = greatest(conversation_members.last_message_at, ${v.now}::timestamptz),
        removed = false
      FROM msg WHERE conversation_members.conversation_id = msg.conversation_id
    )`;
}

const writeColumns = sql`
  (SELECT credits FROM locked) AS before, (SELECT count FROM rate) AS rate_count,
  (SELECT window_ends_at FROM rate) AS rate_ends, (SELECT credits FROM debit) AS new_credits,
  (SELECT id FROM msg) AS id, (SELECT conversation_id FROM msg) AS saved_conversation_id`;

type Saved = { id: number; credits: number; conversationId: number };

/** The message saved, or why not: 402 when the balance was short, else the flood limit. */
function writeOutcome(r: Record<string, unknown>, price: number, now: Date): Saved {
  if (r.id !== null && r.id !== undefined)
    return {
      id: Number(r.id),
      credits: Number(r.new_credits),
      conversationId: Number(r.saved_conversation_id),
    };
  if (r.before === null || r.before === undefined)
    throw new Error('a send passed its checks but was not written');
  if (Number(r.before) < price) throw new ApiError(402, 'not_enough_credits');
  const retryAfter = Math.max(
    1,
    Math.ceil((new Date(r.rate_ends as string).getTime() - now.getTime()) / 1000),
  );
  throw new ApiError(429, 'slow_down', { retry_after: retryAfter });
}

/** Writes a send whose checks are done (a photo message, a chat's first message). */
async function writeMessage(
  db: Db | Tx,
  values: SendValues,
  conversationId: number,
  now: Date,
): Promise<Saved> {
  const result = await db.execute(
    sql`WITH ${writeCtes(asParams(values), sql`${conversationId}::bigint`)} SELECT ${writeColumns}`,
  );
  return writeOutcome(result.rows[0] as Record<string, unknown>, Number(values.price), now);
}

/**
 * A text or a gift in a chat that exists: the checks and the write in ONE statement, the write
 * gated on the checks passing, compiled once per shape (by conversation, by member) and prepared.
 * Answers the context (to say why a send was refused, or to start the chat when there is none) and
 * what was written.
 */
const sendInChatStatement = new Map<boolean, Compiled>();
function compiledSendInChat(byConversation: boolean): Compiled {
  let compiled = sendInChatStatement.get(byConversation);
  if (!compiled) {
    const v = PLACEHOLDERS;
    compiled = compile(sql`
      WITH ${contextCtes(v, byConversation)},
      go AS (
        SELECT side.conversation_id FROM side, other
        WHERE NOT EXISTS (SELECT 1 FROM dup) AND NOT other.deleted AND other.site_id = ${v.site}::int
          AND other.profile_status IS NOT NULL AND other.status = 'active' AND NOT other.blocked
      ),
      ${writeCtes(v, sql`(SELECT conversation_id FROM go)`, sql`EXISTS (SELECT 1 FROM go)`)}
      SELECT ${contextColumns}, ${writeColumns} ${contextFrom}`);
    sendInChatStatement.set(byConversation, compiled);
  }
  return compiled;
}

async function sendInChat(db: Db, values: SendValues, input: SendInput) {
  const [row] = await runCompiled(db, compiledSendInChat(input.conversationId !== undefined), values);
  return { ctx: parseContext(row, Number(values.sender), input), row: row as Record<string, unknown> };
}

/**
 * The first message to a member starts the conversation, in one transaction with the message: a
 * free member's third start is refused (their row locked, so two starts at once are counted one
 * after the other), and a send refused for credits leaves no empty chat behind.
 */
async function startAndWrite(
  db: Db,
  site: Site,
  paid: boolean,
  otherId: number,
  values: SendValues,
  now: Date,
): Promise<Saved> {
  const senderId = Number(values.sender);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM members WHERE id = ${senderId}::bigint FOR UPDATE`);
    const pair = pairOf(senderId, otherId);
    const samePair = and(
      eq(conversations.memberLow, pair.memberLow),
      eq(conversations.memberHigh, pair.memberHigh),
    );
    const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(samePair);
    let conversationId = existing?.id;
    if (conversationId === undefined) {
      if (!paid && (await chatsStarted(tx, senderId)) >= FREE_CHAT_STARTS)
        throw new ApiError(403, 'premium_required');
      const [created] = await tx
        .insert(conversations)
        .values({ siteId: site.id, ...pair, startedBy: senderId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      // The other member started it at the same moment: then this is a reply in their chat.
      conversationId =
        created?.id ?? (await tx.select({ id: conversations.id }).from(conversations).where(samePair))[0]?.id;
      if (conversationId === undefined) throw new Error('conversation neither created nor found');
    }
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId, memberId: senderId, otherMemberId: otherId },
        { conversationId, memberId: otherId, otherMemberId: senderId },
      ])
      .onConflictDoNothing();
    return writeMessage(tx, values, conversationId, now);
  });
}

async function savedMessage(db: Db, senderId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.giftId))
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ?? null;
}

/**
 * Sends a message (POST /api/messages.php and the socket's `send` frame). A retry with the same
 * client id answers with the message saved the first time and charges nothing. After commit, both
 * members hear of the message (the sender's other tabs too) and the sender of the new balance.
 */
export async function sendMessage(
  services: Pick<Services, 'db' | 'events' | 'storage' | 'now'>,
  senderId: number,
  site: Site,
  input: SendInput,
): Promise<SendMessageResponse> {
  const { db, events } = services;
  if (input.memberId === senderId) throw new ApiError(400, 'message_to_self');
  const body = checkBody(input, site);
  const { price, reason, giftSlug } = await priceOf(services, input, site);
  const now = services.now();
  const values: SendValues = {
    sender: senderId,
    conversation: input.conversationId ?? 0,
    member: input.memberId ?? 0,
    client: input.clientId,
    site: site.id,
    price,
    debit: -price,
    now: now.toISOString(),
    ends: new Date(now.getTime() + 60_000).toISOString(),
    rateKey: `msg:${senderId}`,
    kind: input.kind,
    body,
    photo: null,
    thumb: null,
    gift: input.kind === 'gift' ? (input.giftId ?? null) : null,
    reason,
  };
  let saved: Saved;
  let otherId: number;
  try {
    let ctx: SendContext;
    if (input.kind === 'photo') {
      ctx = await sendContext(db, values, input);
      if (ctx.existing) return { message: presentMessage(ctx.existing), credits: ctx.credits };
      checkRecipient(ctx, input, site);
      otherId = ctx.otherId as number;
      // Early answers that spare the photo's processing; the write decides again, atomically.
      if (ctx.credits < price) throw new ApiError(402, 'not_enough_credits');
      if (ctx.conversationId === null && !ctx.paid && (await chatsStarted(db, senderId)) >= FREE_CHAT_STARTS)
        throw new ApiError(403, 'premium_required');
      const stored = await storeChatPhoto(services.storage, senderId, otherId, input.photo);
      values.photo = stored.photoKey;
      values.thumb = stored.photoThumbKey;
      saved =
        ctx.conversationId !== null
          ? await writeMessage(db, values, ctx.conversationId, now)
          : await startAndWrite(db, site, ctx.paid, otherId, values, now);
    } else {
      const inChat = await sendInChat(db, values, input);
      ctx = inChat.ctx;
      if (ctx.existing) return { message: presentMessage(ctx.existing), credits: ctx.credits };
      checkRecipient(ctx, input, site);
      otherId = ctx.otherId as number;
      if (ctx.conversationId !== null) saved = writeOutcome(inChat.row, price, now);
      else {
        if (ctx.credits < price) throw new ApiError(402, 'not_enough_credits');
        saved = await startAndWrite(db, site, ctx.paid, otherId, values, now);
      }
    }
  } catch (err) {
    if (typeof values.photo === 'string')
      await Promise.allSettled([
        services.storage.delete(values.photo),
        services.storage.delete(values.thumb as string),
      ]);
    if (!isUniqueViolation(err)) throw err;
    // The same send arrived twice at once: the other one saved it.
    const first = await savedMessage(db, senderId, input.clientId);
    if (!first) throw err;
    const [me] = await db.select({ credits: members.credits }).from(members).where(eq(members.id, senderId));
    return { message: presentMessage(first), credits: me?.credits ?? 0 };
  }

  const message = presentMessage({
    id: saved.id,
    conversationId: saved.conversationId,
    senderId,
    clientId: input.clientId,
    kind: input.kind,
    body,
    photoKey: values.photo as string | null,
    photoThumbKey: values.thumb as string | null,
    giftId: values.gift as number | null,
    giftSlug,
    createdAt: now,
  });
  events.publish([senderId, otherId], { type: 'message', message });
  events.publish(senderId, { type: 'credits', credits: saved.credits });
  return { message, credits: saved.credits };
}

/** Processes a chat photo like a profile photo (type, size, pixels, no metadata) and stores both renditions. */
async function storeChatPhoto(
  storage: Storage,
  senderId: number,
  otherId: number,
  photo: Buffer | undefined,
) {
  if (!photo) throw new ApiError(400, 'invalid_input', { fields: { photo: 'required' } });
  const renditions = await renderPhoto(photo);
  const photoKey = chatPhotoKey(senderId, otherId);
  const photoThumbKey = chatPhotoKey(senderId, otherId);
  await storage.put(photoKey, renditions.display);
  await storage.put(photoThumbKey, renditions.thumb).catch(async (err) => {
    await storage.delete(photoKey);
    throw err;
  });
  return { photoKey, photoThumbKey };
}
