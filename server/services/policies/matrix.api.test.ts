import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerEvent } from '../../../common/api/events';
import { blocks, likes, members, photos, profiles } from '../../db/schema';
import { type TestApp, testApp } from '../../test/app';
import { type ChatMember, chatHarness } from '../../test/chat';
import { listen as listenOn, openSocket, type TestSocket } from '../../test/socket';
import { attentionCount } from '../notifications/deliver';
import { likeText, unreadFrom } from '../notifications/event-texts';
import { notificationRecipient } from '../notifications/recipient';
import { can, factsOf, type MemberAbility, type MemberFacts } from './member';

/**
 * The member policy against the whole app: for every kind of viewer (a visitor, a free member, a
 * premium member) and of target (shown, fictional, invisible, hidden by reports, suspended, deleted,
 * unconfirmed, of another site, blocked, blocking, oneself), each as a stranger, a chat partner or a
 * match, every discovery list, the profile and its photos, the chat screen, its history, the chats
 * list, the likes list, the badge count, the push and mail texts and the socket's send, read and
 * typing must do what the policy says (services/policies/member.ts), and so agree with each other:
 * a member listed in search but 404 on the profile, or startable as a chat but not openable, fails.
 *
 * Each case has a viewer and a target of its own; afterwards both are deleted, so the lists of the
 * next case show nothing of it and a list can be compared as a whole.
 */

let t: TestApp;
let port: number;
let site: number;
let giftId: number;
const clock = { now: new Date() };
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
  ({ port } = await listenOn(t.app));
  site = (await t.app.services.sites.resolve('main.test')).id;
  const gifts = await t.app.inject({ url: '/api/gifts.php', headers: { host: 'main.test' } });
  giftId = (gifts.json().gifts as { id: number }[])[0]?.id ?? 0;
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t?.close());

const { call, member, send, listen } = chatHarness(() => t, clock);

type Viewer = 'visitor' | 'free' | 'premium';
type Target =
  | 'shown'
  | 'fictional'
  | 'invisible'
  | 'hidden'
  | 'suspended'
  | 'deleted'
  | 'unconfirmed'
  | 'elsewhere'
  | 'blocked'
  | 'blocking'
  | 'self';
/** How the two know each other: not at all, a chat the target began, a match, or the target's like. */
type Relation = 'stranger' | 'chat' | 'match' | 'liked by';

type Case = { viewer: Viewer; target: Target; relation: Relation };

const TARGETS: Target[] = [
  'shown',
  'fictional',
  'invisible',
  'hidden',
  'suspended',
  'deleted',
  'unconfirmed',
  'elsewhere',
  'blocked',
  'blocking',
];
const CASES: Case[] = [
  ...TARGETS.filter((target) => target !== 'blocked' && target !== 'blocking').map(
    (target): Case => ({ viewer: 'visitor', target, relation: 'stranger' }),
  ),
  ...(['free', 'premium'] as const).flatMap((viewer) => [
    ...TARGETS.flatMap((target) =>
      (['stranger', 'chat', 'match', 'liked by'] as const)
        // A member of another site can have no chat or like with the viewer; an unconfirmed one no like.
        .filter((relation) => target !== 'elsewhere' || relation === 'stranger')
        .filter((relation) => target !== 'unconfirmed' || relation === 'stranger' || relation === 'chat')
        .map((relation): Case => ({ viewer, target, relation })),
    ),
    { viewer, target: 'self' as const, relation: 'stranger' as const },
  ]),
];

/** The facts the case is built to have: what the policy is asked about. */
function intendedFacts(c: Case): MemberFacts {
  const member = c.viewer !== 'visitor';
  const self = c.target === 'self';
  const gone = c.target === 'suspended' || c.target === 'deleted';
  return {
    active: !gone && c.target !== 'unconfirmed',
    unconfirmed: c.target === 'unconfirmed',
    deleted: c.target === 'deleted',
    onSite: c.target !== 'elsewhere',
    profileActive: c.target !== 'unconfirmed',
    invisible: c.target === 'invisible',
    hiddenByReports: c.target === 'hidden',
    self,
    blocks: member && c.target === 'blocked',
    blockedBy: member && c.target === 'blocking',
    chat: member && c.relation === 'chat',
    match: member && c.relation === 'match',
    viewerPaid: c.viewer === 'premium',
  };
}

type Built = {
  viewer: ChatMember | null;
  target: ChatMember;
  conversationId: number | null;
  /** The message of the chat the target wrote (unread for the viewer). */
  messageId: number | null;
  premiumPhotoKey: string;
};

const later = (ms: number) => new Date(clock.now.getTime() + ms);

async function build(c: Case): Promise<Built> {
  const viewer =
    c.viewer === 'visitor'
      ? null
      : await member({ gender: 'male', paid: c.viewer === 'premium', lastActiveAt: later(-3_600_000) });
  if (viewer)
    await t.db
      .update(profiles)
      .set({ seekingGender: 'female', seekingMinAge: 18, seekingMaxAge: 99 })
      .where(eq(profiles.memberId, viewer.id));
  const target =
    c.target === 'self' && viewer
      ? viewer
      : await member({
          photo: {},
          ...(c.target === 'elsewhere' ? { domain: 'first.test', country: 'DE' } : {}),
          ...(c.target === 'unconfirmed' ? { status: 'not_confirmed', profileStatus: 'disabled' } : {}),
          lastActiveAt: later(3_600_000),
        });
  // A premium photo beside the public main one: who sees it unblurred is the policy's premiumPhotos.
  const premiumPhotoKey = `p/${randomBytes(12).toString('hex')}.webp`;
  await t.db.insert(photos).values({
    memberId: target.id,
    originalKey: premiumPhotoKey,
    thumbKey: `o/${randomBytes(12).toString('hex')}.webp`,
    blurredKey: `b/${randomBytes(12).toString('hex')}.webp`,
    width: 800,
    height: 1000,
    premium: true,
    status: 'approved',
    position: 5,
  });
  let conversationId: number | null = null;
  let messageId: number | null = null;
  if (viewer && c.relation === 'chat') {
    const res = await send(target, { member_id: viewer.id });
    expect(res.statusCode, res.body).toBe(200);
    ({ conversation_id: conversationId, id: messageId } = res.json().message);
  }
  if (viewer && (c.relation === 'match' || c.relation === 'liked by'))
    await t.db
      .insert(likes)
      .values([
        { likerId: target.id, likedId: viewer.id },
        ...(c.relation === 'match' ? [{ likerId: viewer.id, likedId: target.id }] : []),
      ]);
  const set = (values: Partial<typeof members.$inferInsert>) =>
    t.db.update(members).set(values).where(eq(members.id, target.id));
  if (c.target === 'fictional')
    await t.db.update(profiles).set({ fictional: true }).where(eq(profiles.memberId, target.id));
  if (c.target === 'invisible') await set({ invisible: true });
  if (c.target === 'hidden') await set({ hiddenByReports: true });
  if (c.target === 'suspended') await set({ status: 'suspended', suspendedUntil: later(86_400_000) });
  if (c.target === 'deleted') await set({ status: 'deleted', deletedAt: clock.now });
  // Written as rows, not through the block action (which also removes the chats and likes): the
  // policy alone must keep the two apart.
  if (viewer && c.target === 'blocked')
    await t.db.insert(blocks).values({ blockerId: viewer.id, blockedId: target.id });
  if (viewer && c.target === 'blocking')
    await t.db.insert(blocks).values({ blockerId: target.id, blockedId: viewer.id });
  return { viewer, target, conversationId, messageId, premiumPhotoKey };
}

/** Out of every later case: both members deleted. */
async function retire(b: Built) {
  const ids = [b.target.id, ...(b.viewer ? [b.viewer.id] : [])];
  await t.db.update(members).set({ status: 'deleted', deletedAt: clock.now }).where(inArray(members.id, ids));
}

const get = (who: ChatMember | null, url: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    url,
    headers: {
      host: 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [who?.cookie, 'country=NL'].filter(Boolean).join('; '),
      ...extra,
    },
  });

const idsOf = (profiles: { id: number }[]) => profiles.map((p) => p.id);

/** Every member the search shows the viewer, page by page, and the count of its first page. */
async function searchAll(who: ChatMember | null) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let count: number | null = null;
  do {
    const res = await get(who, `/api/members.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    count ??= page.num_results;
    ids.push(...idsOf(page.profiles));
    cursor = page.next_cursor;
  } while (cursor);
  return { ids, count };
}

/** What the app did: one boolean per place, named as the policy's ability it must follow. */
type Seen = Record<string, boolean>;

async function observe(c: Case, b: Built): Promise<{ seen: Seen; expected: Seen }> {
  const { viewer, target } = b;
  const facts = intendedFacts(c);
  const may = (ability: MemberAbility) => can(ability, facts);
  const seen: Seen = {};
  const expected: Seen = {};
  const check = (name: string, observed: boolean, wanted: boolean) => {
    seen[name] = observed;
    expected[name] = wanted;
  };
  const viewerLikes = c.relation === 'match';
  const theyLike = c.relation === 'match' || c.relation === 'liked by';

  // What the badge, the push and the mail texts count: before anything below marks a like seen.
  if (viewer) {
    const recipient = await notificationRecipient(t.app.services, viewer.id);
    if (!recipient) throw new Error('no recipient');
    const unread = b.conversationId !== null && may('converse') ? 1 : 0;
    const newLike = theyLike && may('like') ? 1 : 0;
    check('badge count', (await attentionCount(t.db, recipient)) === unread + newLike, true);
    const texts = await unreadFrom(t.app.services, recipient, [target.id]);
    check('message texts (push, mail)', texts.length > 0, unread > 0);
    check(
      'like text (push, mail)',
      (await likeText(t.app.services, recipient, [target.id])) !== null,
      newLike > 0,
    );
    // The like modal shows an unseen like once (and marks it seen, as the profile below would).
    const modal = (await get(viewer, '/api/auto-like.php')).json().profile as { id: number } | null;
    check('like modal', modal?.id === target.id, newLike > 0);
  }

  // Discovery: every list the member may find others in.
  const search = await searchAll(viewer);
  check('search', search.ids.includes(target.id), may('discover'));
  check('search count agrees with its rows', search.count === search.ids.length, true);
  const showcase = await get(viewer, '/api/showcase.php?count=24');
  check('showcase', idsOf(showcase.json().profiles).includes(target.id), may('discover'));
  const lander = await get(viewer, '/api/showcase.php?count=24&niche=2');
  check('lander', idsOf(lander.json().profiles).includes(target.id), may('discover'));
  if (viewer) {
    const finder = await get(viewer, '/api/match-finder.php');
    const suggested = finder.json().suggestions.map((s: { profile: { id: number } }) => s.profile.id);
    // The finder and the swipe game leave out whom the viewer already likes.
    check('match finder', suggested.includes(target.id), may('discover') && !viewerLikes);
    const stack = await get(viewer, '/api/swipe-game.php');
    check('swipe game', idsOf(stack.json().profiles).includes(target.id), may('discover') && !viewerLikes);
    const matches = await get(viewer, '/api/signup-matches.php');
    // Signup matches show real members only: a choice of the list.
    check(
      'signup matches',
      idsOf(matches.json().profiles).includes(target.id),
      may('discover') && c.target !== 'fictional',
    );
  }

  // The profile and its photos.
  const profile = await get(viewer, `/api/member.php?id=${target.id}`);
  check('profile', profile.statusCode === 200, may('open'));
  if (profile.statusCode === 200) {
    const premium = (profile.json().profile.photos as { filename: string; locked: boolean }[]).find((p) =>
      p.filename.includes(b.premiumPhotoKey),
    );
    check('premium photo unblurred', premium !== undefined && !premium.locked, may('premiumPhotos'));
  }
  if (!viewer) return { seen, expected };

  // Likes: the list both ways, then the like itself (last: it changes what is true).
  const likesList = (await get(viewer, '/api/likes.php')).json();
  check(
    'likes list',
    likesList.liked_by.some((l: { id: number }) => l.id === target.id) ||
      (likesList.likes as number[]).includes(target.id),
    theyLike && may('like'),
  );

  // Chats: the list, the screen by member and by conversation, the history.
  const reach = b.conversationId !== null ? may('converse') : may('start');
  const chats = (await get(viewer, '/api/chats.php')).json().chats as { profile: { id: number } }[];
  check(
    'chats list',
    chats.some((x) => x.profile.id === target.id),
    b.conversationId !== null && may('converse'),
  );
  if (c.target !== 'self') {
    const screen = await get(viewer, `/api/chat.php?member_id=${target.id}`);
    check('chat screen by member', screen.statusCode === 200, reach);
    if (screen.statusCode === 200)
      check(
        'no online state of an invisible member',
        !(screen.json().chat.profile.online && c.target === 'invisible'),
        true,
      );
  }
  if (b.conversationId !== null) {
    const screen = await get(viewer, `/api/chat.php?id=${b.conversationId}`);
    check('chat screen by conversation', screen.statusCode === 200, may('converse'));
    const history = await get(viewer, `/api/messages.php?conversation_id=${b.conversationId}`);
    check('chat history', history.statusCode === 200, may('converse'));
  }

  // The socket: typing and read reach the target only where the policy lets them; then a send.
  const heard = listen(target.id);
  const socket = await openSocket(port, { cookie: viewer.cookie });
  sockets.push(socket);
  if (b.conversationId !== null && b.messageId !== null) {
    socket.send({ type: 'typing', conversation_id: b.conversationId });
    socket.send({ type: 'read', conversation_id: b.conversationId, last_read_message_id: b.messageId });
  }
  if (c.target !== 'self') {
    const clientId = randomUUID();
    socket.send({
      type: 'send',
      client_id: clientId,
      body: 'Hallo',
      ...(b.conversationId !== null ? { conversation_id: b.conversationId } : { member_id: target.id }),
    });
    const answer = await Promise.race([
      socket.next('ack', (e) => e.client_id === clientId),
      socket.next('send_error', (e) => e.client_id === clientId),
    ]);
    // An unconfirmed member may be reached but cannot be answered before confirming (409).
    const accepted =
      answer.type === 'ack' || (answer.type === 'send_error' && answer.error === 'recipient_not_confirmed');
    check('socket send', accepted, reach);
    if (answer.type === 'send_error' && !accepted)
      check('a refused send is a 404', answer.status === 404, true);
    // A gift goes the same way.
    const gift = await send(
      viewer,
      b.conversationId !== null ? { conversation_id: b.conversationId } : { member_id: target.id },
      { kind: 'gift', gift_id: giftId, body: '' },
    );
    check('gift', gift.statusCode === 200 || gift.statusCode === 409, reach);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (b.conversationId !== null) {
    const kinds = heard.map((e: ServerEvent) => e.type);
    check('typing heard', kinds.includes('typing'), may('converse'));
    check('read receipt heard', kinds.includes('read'), may('converse'));
  }
  if (c.target !== 'self') {
    const liked = await call('POST', '/api/likes.php', viewer.cookie, { member_id: target.id });
    check('like', liked.statusCode === 200, may('like'));
  }
  return { seen, expected };
}

describe('who may see and reach whom, as the policy says, everywhere', () => {
  test.each(CASES.map((c) => [`${c.viewer} → ${c.target} (${c.relation})`, c] as const))(
    '%s',
    async (_name, c) => {
      const built = await build(c);
      try {
        // The facts the database holds are the facts the case was built to have.
        if (built.viewer || c.target !== 'self') {
          const facts = await factsOf(t.db, built.viewer?.id ?? null, built.target.id, site);
          expect(facts).toEqual(intendedFacts(c));
        }
        const { seen, expected } = await observe(c, built);
        expect(seen).toEqual(expected);
        // And so the places agree with each other.
        if (seen.search || seen.showcase || seen['match finder'] || seen['swipe game'])
          expect(seen.profile).toBe(true);
        if (seen['chat screen by member'] || seen['likes list'] || seen.like) expect(seen.profile).toBe(true);
        if (seen['typing heard'] !== undefined) expect(seen['read receipt heard']).toBe(seen['typing heard']);
      } finally {
        await retire(built);
      }
    },
  );
});
