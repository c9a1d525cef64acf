import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  ChatMessage,
  MessagesQuery,
  MessagesResponse,
  SendMessageResponse,
  sendMessageRequest,
} from '../../../common/api/chats';
import type { SendReason } from '../../../common/api/credits';
import {
  CHAT_CATCH_UP_CAP,
  CHAT_HISTORY_LIMIT_FREE,
  CHAT_PAGE_SIZE,
  FREE_CHAT_STARTS,
} from '../../../common/constants';
import type { ContactFinding } from '../../../common/rules/contact-details';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conversationMembers, conversations, gifts, members, messages, profiles } from '../../db/schema';
import type { EventListener } from '../../infra/events/bus';
import { chatMessagesSent } from '../../infra/metrics';
import type { Storage } from '../../infra/storage';
import { ApiError } from '../../plugins/errors';
import { type MessageRow, presentMessage } from '../../presenters/chat';
import type { Services } from '../bag';
import { announceBalance } from '../money/ledger';
import { canSql } from '../policies/member';
import { renderPhoto } from '../profiles/photo-images';
import { assertMayStartConversation } from '../safety/conversation-limit';
import { flagFirstMessage, screenText } from '../safety/first-messages';
import type { Site } from '../sites/sites';
import { chatsStarted, pairOf } from './chats';
import { afterCommitForTests } from './fault-injection';
import { giftPrice } from './gifts';
import { type SendRow, sendContextStatement, sendParams, sendStatement } from './send-statement';

/**
 * Chat history and sending. Sending is the hottest path of the product (a
 * benchmark drives thousands a second through the socket): a send in a chat that exists is one row
 * of a batched statement (send-batch.ts, send-statement.ts) that checks the rules and writes, all or
 * nothing. The rarer paths (a chat's first message, a photo's first look) use the same statement.
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

// ---------------------------------------------------------------------------------------------
// History

/** The other member of a chat, as the history joins them. */
const other = { members: alias(members, 'other'), profiles: alias(profiles, 'other_profile') };

/**
 * GET /api/messages.php: a page of the viewer's history, by keyset on the message id. The viewer
 * sees nothing up to their `cleared_up_to` (a removed chat) and, as a free member, only the newest
 * CHAT_HISTORY_LIMIT_FREE messages (the chat history limit). A chat with a member the viewer may
 * no longer reach (the member policy's `converse`: gone, or behind a block) is not found.
 */
export async function messageHistory(
  db: Db,
  viewerId: number,
  siteId: number,
  query: MessagesQuery,
): Promise<MessagesResponse> {
  const conversationId = query.conversation_id;
  const [side] = await db
    .select({ clearedUpTo: conversationMembers.clearedUpTo, paid: members.paidUser })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.memberId))
    .innerJoin(other.members, eq(other.members.id, conversationMembers.otherMemberId))
    .innerJoin(other.profiles, eq(other.profiles.memberId, conversationMembers.otherMemberId))
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, viewerId),
        canSql('converse', { viewer: viewerId, site: siteId }, { known: { chat: true }, target: other }),
      ),
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

/** A send as the API and the socket carry it, with the uploaded file of a photo message. */
export const toSendInput = (body: z.output<typeof sendMessageRequest>, photo?: Buffer): SendInput => ({
  clientId: body.client_id,
  conversationId: body.conversation_id,
  memberId: body.member_id,
  kind: photo ? 'photo' : body.kind,
  body: body.body,
  giftId: body.gift_id,
  photo,
});

/** Where a send goes and what the rules need to know (the `ctx` of send-statement.ts). */
type SendContext = {
  credits: number;
  paid: boolean;
  conversationId: number | null;
  otherId: number | null;
  otherStatus: string | null;
  /** The member policy's `converse` (a chat that exists) and `start` (a chat's first message). */
  mayConverse: boolean;
  mayStart: boolean;
  existing: MessageRow | null;
};

type Row = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function parseContext(r: Row | undefined, senderId: number, input: SendInput): SendContext {
  // A sender who is gone, deleted or suspended sends nothing, whatever session or socket asks.
  if (!r || r.credits === null || r.credits === undefined || !r.sender_live)
    throw new ApiError(403, 'authentication_required');
  return {
    credits: Number(r.credits),
    paid: Boolean(r.paid),
    conversationId: num(r.conversation_id),
    otherId: num(r.other_id),
    otherStatus: (r.other_status as string | null) ?? null,
    mayConverse: Boolean(r.may_converse),
    mayStart: Boolean(r.may_start),
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

/**
 * The sending rules on a send, in the order a member should learn of them. Whom the sender may
 * reach is the member policy's (services/policies/member.ts): in a chat that exists `converse`,
 * before the first message `start`. Anyone else is not found, as a member who does not exist: a
 * block is not told, neither way.
 */
function checkRecipient(ctx: SendContext, input: SendInput) {
  const reachable =
    ctx.conversationId !== null ? ctx.mayConverse : input.conversationId === undefined && ctx.mayStart;
  if (ctx.otherId === null || !reachable) throw new ApiError(404, 'not_found');
  if (ctx.otherStatus === 'not_confirmed') throw new ApiError(409, 'recipient_not_confirmed');
}

/** The price of a send on this site, and the reason its ledger row carries. */
async function priceOf(
  services: Pick<Services, 'gifts'>,
  input: SendInput,
  site: Site,
): Promise<{ price: number; reason: SendReason; giftSlug: string | null }> {
  if (input.kind === 'photo')
    return { price: site.settings.photo_credits, reason: 'photo_message', giftSlug: null };
  if (input.kind === 'gift') {
    if (input.giftId === undefined)
      throw new ApiError(400, 'invalid_input', { fields: { gift_id: 'required' } });
    const gift = await services.gifts.byId(input.giftId);
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

type Saved = { id: number; credits: number; conversationId: number };
/**
 * What the send statement answered: the message saved now, the one saved the first time (a retry;
 * the balance when known), or no chat with the member yet (the send starts one).
 */
type Outcome =
  | { saved: Saved; ctx: SendContext; started?: boolean }
  | { existing: MessageRow; credits: number | null }
  | { start: SendContext };

/**
 * Reads the answer of the send statement: the message saved the first time (a retry), a rule the
 * send broke, 402 when the balance was short, the flood limit, or the message saved.
 */
function outcomeOf(row: Row | undefined, send: SendRow, input: SendInput, now: Date): Outcome {
  const ctx = parseContext(row, send.sender, input);
  if (ctx.existing) return { existing: ctx.existing, credits: ctx.credits };
  checkRecipient(ctx, input);
  const r = row as Row;
  if (r.id !== null && r.id !== undefined)
    return {
      ctx,
      saved: {
        id: Number(r.id),
        credits: Number(r.new_credits),
        conversationId: Number(r.saved_conversation_id),
      },
    };
  if (ctx.conversationId === null) return { start: ctx };
  // Passed the checks, yet the sender's row was not locked: it was deleted or suspended while the
  // statement waited for it.
  if (r.before === null || r.before === undefined) throw new ApiError(403, 'authentication_required');
  if (Number(r.before) < send.price) throw new ApiError(402, 'not_enough_credits');
  const retryAfter = Math.max(
    1,
    Math.ceil((new Date(r.rate_ends as string).getTime() - now.getTime()) / 1000),
  );
  throw new ApiError(429, 'slow_down', { retry_after: retryAfter });
}

/**
 * The first message to a member starts the conversation, in one transaction with the message: a
 * start beyond the new-conversation limit (services/safety/conversation-limit.ts) or a free
 * member's third start is refused (their row locked, so two starts at once are counted one after
 * the other), and a send refused for credits leaves no empty chat behind. A text with contact
 * details is screened here too (services/safety/first-messages.ts).
 */
async function startAndWrite(
  db: Db,
  site: Site,
  ctx: SendContext,
  send: SendRow,
  input: SendInput,
  now: Date,
  findings: readonly ContactFinding[],
): Promise<Outcome> {
  const senderId = send.sender;
  const otherId = ctx.otherId as number;
  if (ctx.credits < send.price) throw new ApiError(402, 'not_enough_credits');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM members WHERE id = ${senderId}::bigint FOR UPDATE`);
    const pair = pairOf(senderId, otherId);
    const samePair = and(
      eq(conversations.memberLow, pair.memberLow),
      eq(conversations.memberHigh, pair.memberHigh),
    );
    const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(samePair);
    let conversationId = existing?.id;
    let created: { id: number } | undefined;
    if (conversationId === undefined) {
      // The limit first: premium would not lift it, so it must not be offered as the way out.
      await assertMayStartConversation(tx, senderId, now);
      if (!ctx.paid && (await chatsStarted(tx, senderId)) >= FREE_CHAT_STARTS)
        throw new ApiError(403, 'premium_required');
      [created] = await tx
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
    const inChat = { ...send, conversation: conversationId };
    const result = await tx.execute(sendStatement(sendParams([inChat])));
    const outcome = outcomeOf(result.rows[0] as Row | undefined, inChat, { ...input, conversationId }, now);
    if (!('saved' in outcome)) return outcome;
    await flagFirstMessage(tx, site, sentMessage(outcome.saved, send, now), findings, now);
    // The message that created the conversation is a new conversation for the receiver.
    return { ...outcome, started: created !== undefined };
  });
}

/** A text with contact details in a chat that exists: alone, so its screening shares its transaction. */
async function writeScreened(
  db: Db,
  site: Site,
  send: SendRow,
  input: SendInput,
  now: Date,
  findings: readonly ContactFinding[],
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sendStatement(sendParams([send])));
    const outcome = outcomeOf(result.rows[0] as Row | undefined, send, input, now);
    if ('saved' in outcome)
      await flagFirstMessage(tx, site, sentMessage(outcome.saved, send, now), findings, now);
    return outcome;
  });
}

const sentMessage = (saved: Saved, send: SendRow, now: Date) => ({
  id: saved.id,
  conversationId: saved.conversationId,
  senderId: send.sender,
  kind: send.kind as 'text' | 'photo' | 'gift',
  body: send.body,
  createdAt: now,
});

async function savedMessage(db: Db, senderId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(gifts, eq(gifts.id, messages.giftId))
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ?? null;
}

/**
 * The photo's first look, before it is processed: early answers that spare the processing (the
 * write decides again, atomically), then the photo stored under a key naming both members.
 */
async function preparePhoto(
  services: Pick<Services, 'db' | 'storage'>,
  send: SendRow,
  input: SendInput,
): Promise<SendContext | MessageRow> {
  const result = await services.db.execute(sendContextStatement(sendParams([send])));
  const ctx = parseContext(result.rows[0] as Row | undefined, send.sender, input);
  if (ctx.existing) return ctx.existing;
  checkRecipient(ctx, input);
  if (ctx.credits < send.price) throw new ApiError(402, 'not_enough_credits');
  if (ctx.conversationId === null)
    await assertMayStartConversation(services.db, send.sender, new Date(send.now));
  if (
    ctx.conversationId === null &&
    !ctx.paid &&
    (await chatsStarted(services.db, send.sender)) >= FREE_CHAT_STARTS
  )
    throw new ApiError(403, 'premium_required');
  const stored = await storeChatPhoto(services.storage, send.sender, ctx.otherId as number, input.photo);
  send.photo = stored.photoKey;
  send.thumb = stored.photoThumbKey;
  return ctx;
}

/**
 * Sends a message (POST /api/messages.php and the socket's `send` frame). A retry with the same
 * client id answers with the message saved the first time and charges nothing. A send in a chat
 * that exists is written in a batch (send-batch.ts); a chat's first message starts the chat in one
 * transaction with it. After commit, both members hear of the message (the sender's other sockets
 * too, not `origin`, the socket that sent it, which gets the answer) and the sender of the balance,
 * and the receiver's notification outbox gets the event (services/notifications/recorder.ts).
 */
export async function sendMessage(
  services: Pick<Services, 'db' | 'events' | 'storage' | 'now' | 'notifications' | 'gifts' | 'sendBatcher'>,
  senderId: number,
  site: Site,
  input: SendInput,
  origin?: EventListener,
): Promise<SendMessageResponse> {
  const { db, events } = services;
  if (input.memberId === senderId) throw new ApiError(400, 'message_to_self');
  const body = checkBody(input, site);
  const { price, reason, giftSlug } = await priceOf(services, input, site);
  const now = services.now();
  const send: SendRow = {
    sender: senderId,
    conversation: input.conversationId ?? 0,
    member: input.memberId ?? 0,
    client: input.clientId,
    site: site.id,
    price,
    kind: input.kind,
    body,
    photo: null,
    thumb: null,
    gift: input.kind === 'gift' ? (input.giftId ?? null) : null,
    reason,
    now: now.toISOString(),
  };
  // Contact details in a text (rare) take the single-send path, where they are screened in its transaction.
  const findings = input.kind === 'text' ? screenText(body, site) : [];
  let outcome: Outcome;
  try {
    const photoCtx = input.kind === 'photo' ? await preparePhoto(services, send, input) : null;
    if (photoCtx && !('credits' in photoCtx)) outcome = { existing: photoCtx, credits: null };
    else if (photoCtx?.conversationId === null)
      outcome = await startAndWrite(db, site, photoCtx, send, input, now, findings);
    else if (findings.length > 0) outcome = await writeScreened(db, site, send, input, now, findings);
    else outcome = outcomeOf(await services.sendBatcher.send(send), send, input, now);
    if ('start' in outcome)
      outcome = await startAndWrite(db, site, outcome.start, send, input, now, findings);
  } catch (err) {
    if (send.photo !== null)
      await Promise.allSettled([
        services.storage.delete(send.photo),
        services.storage.delete(send.thumb as string),
      ]);
    if (!isUniqueViolation(err)) throw err;
    // The same send arrived twice at once: the other one saved it.
    const first = await savedMessage(db, senderId, input.clientId);
    if (!first) throw err;
    outcome = { existing: first, credits: null };
  }
  if ('existing' in outcome) {
    let credits = outcome.credits;
    if (credits === null) {
      const [me] = await db
        .select({ credits: members.credits })
        .from(members)
        .where(eq(members.id, senderId));
      credits = me?.credits ?? 0;
    }
    const message = presentMessage(outcome.existing);
    await deliverAgain(services, senderId, message, origin);
    return { message, credits };
  }
  if ('start' in outcome) throw new Error('a chat was started but the send not written');
  const { saved, ctx, started } = outcome;
  afterCommitForTests();
  const message = presentMessage({
    id: saved.id,
    conversationId: saved.conversationId,
    senderId,
    clientId: input.clientId,
    kind: input.kind,
    body,
    photoKey: send.photo,
    photoThumbKey: send.thumb,
    giftId: send.gift,
    giftSlug,
    createdAt: now,
  });
  chatMessagesSent.inc({ kind: input.kind });
  events.publish(ctx.otherId as number, { type: 'message', message });
  events.publish(senderId, { type: 'message', message }, origin);
  announceBalance(events, senderId, saved.credits, origin);
  services.notifications.record(
    ctx.otherId as number,
    started ? 'new_conversations' : 'new_messages',
    senderId,
    now,
  );
  return { message, credits: saved.credits };
}

/**
 * A retry found the message an earlier try saved. That try may have died between its commit and
 * what follows it (an instance killed or restarted), so the message is published again (browsers
 * ignore a message they already have), and the receiver's notification is recorded unless it is
 * already waiting in their outbox batch, naming the sender, or the receiver has read the message.
 */
async function deliverAgain(
  services: Pick<Services, 'db' | 'events' | 'notifications'>,
  senderId: number,
  message: ChatMessage,
  origin?: EventListener,
) {
  const result = await services.db.execute(sql`
    SELECT cm.other_member_id AS other,
      coalesce(theirs.last_read_message_id, 0) >= ${message.id} AS read,
      NOT EXISTS (SELECT 1 FROM messages e
        WHERE e.conversation_id = cm.conversation_id AND e.id < ${message.id}) AS first,
      EXISTS (SELECT 1 FROM notification_batches b
        WHERE b.member_id = cm.other_member_id AND b.kind IN ('new_messages', 'new_conversations')
          AND ${senderId}::bigint = ANY (b.actor_ids)) AS told
    FROM conversation_members cm
    LEFT JOIN conversation_members theirs
      ON theirs.conversation_id = cm.conversation_id AND theirs.member_id = cm.other_member_id
    WHERE cm.conversation_id = ${message.conversation_id} AND cm.member_id = ${senderId}::bigint`);
  const row = result.rows[0] as { other: unknown; read: boolean; first: boolean; told: boolean } | undefined;
  if (!row) return;
  const otherId = Number(row.other);
  services.events.publish(otherId, { type: 'message', message });
  services.events.publish(senderId, { type: 'message', message }, origin);
  if (!row.read && !row.told)
    services.notifications.record(
      otherId,
      row.first ? 'new_conversations' : 'new_messages',
      senderId,
      new Date(message.created_at),
    );
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
