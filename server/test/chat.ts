import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerEvent } from '../../common/api/events';
import { members } from '../db/schema';
import { createMember, loginCookie, type MemberInput, type TestApp } from './app';

/** Helpers of the chat API tests: members with credits, calls as them, and the events they hear. */
export function chatHarness(t: () => TestApp, clock: { now: Date }) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t().app.inject({
      method,
      url,
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  async function member(input: MemberInput & { credits?: number; status?: 'not_confirmed' | 'active' } = {}) {
    const m = await createMember(t().db, input);
    await t()
      .db.update(members)
      .set({ credits: input.credits ?? 100, status: input.status ?? 'active' })
      .where(eq(members.id, m.id));
    return { ...m, cookie: await loginCookie(t().db, m.id, clock.now) };
  }

  /** Sends as `from`; each send moves the clock on 3 s, so a test stays under the flood limit. */
  async function send(
    from: { cookie: string },
    to: { conversation_id: number } | { member_id: number },
    extra: Record<string, unknown> = {},
  ) {
    clock.now = new Date(clock.now.getTime() + 3000);
    return call('POST', '/api/messages.php', from.cookie, {
      client_id: randomUUID(),
      body: 'Hallo daar',
      ...to,
      ...extra,
    });
  }

  /** Every event published to a member from now on. */
  function listen(memberId: number): ServerEvent[] {
    const heard: ServerEvent[] = [];
    t().app.services.events.subscribe(memberId, (e) => heard.push(e));
    return heard;
  }

  return { call, member, send, listen };
}

export type ChatMember = Awaited<ReturnType<ReturnType<typeof chatHarness>['member']>>;
