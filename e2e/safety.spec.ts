import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * Automatic safety: a new account may open only NEW_CONVERSATIONS_PER_DAY new
 * chats a day. A new member who paid (so the free members' two starts play no part) opens them,
 * then writes to one more member: the composer says, in Dutch, how many a day and when the next
 * is possible; the chats already open stay open to write in.
 */

test.describe.configure({ timeout: 120_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const NEW_CONVERSATIONS_PER_DAY = 3;

test('a new member who opened the allowed chats sees the limit in the composer', async ({ browser }) => {
  const a = await activeMember(browser, `Noor${Math.floor(Math.random() * 1e4)}`, 'female');

  // Credits bought with the demo provider: a paying member, not held by the free starts.
  const packages = await pageApi<{ packages: Array<{ id: number }> }>(a.page, 'GET', '/api/credits.php');
  const started = await pageApi<{ checkout_url: string }>(a.page, 'POST', '/api/payments.php', {
    package_id: packages.json.packages[0]?.id,
    method: 'creditcard',
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  await a.page.goto(started.json.checkout_url);
  await a.page.getByRole('button', { name: nl('demoCheckout.outcome.paid'), exact: true }).click();
  await expect
    .poll(
      async () =>
        (await pageApi<{ user: { paid_user: boolean } }>(a.page, 'GET', '/api/user.php')).json.user.paid_user,
    )
    .toBe(true);

  const found = await pageApi<{ profiles: Array<{ id: number; name: string }> }>(
    a.page,
    'GET',
    '/api/members.php',
  );
  const others = found.json.profiles.slice(0, NEW_CONVERSATIONS_PER_DAY + 1);
  if (others.length <= NEW_CONVERSATIONS_PER_DAY)
    throw new Error('the demo site has too few members to write to');
  const last = others[NEW_CONVERSATIONS_PER_DAY] as { id: number; name: string };
  for (const other of others.slice(0, NEW_CONVERSATIONS_PER_DAY)) {
    const sent = await pageApi(a.page, 'POST', '/api/messages.php', {
      client_id: crypto.randomUUID(),
      member_id: other.id,
      kind: 'text',
      body: 'Hallo!',
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  }

  // One more: the composer is there, the send is refused with the limit and when it frees.
  await a.page.goto(siteUrl(`/members/${last.id}/chat`));
  await a.page.getByRole('button', { name: nl('chat.icebreakers.own') }).click();
  const composer = a.page.getByRole('textbox', { name: nl('chat.composer.label', { name: last.name }) });
  await composer.fill('Hoi, hoe gaat het?');
  await composer.press('Enter');
  const problem = a.page.locator('.chat-problem');
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(problem).toContainText(nl('error.conversation_limit', { limit: NEW_CONVERSATIONS_PER_DAY }));
  await expect(problem).toContainText(nl('chat.conversationLimitAgain', { when: 'over 24 uur' }));
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'chat-conversation-limit', { viewportOnly: true });

  // The chats already open take messages as before.
  const first = others[0] as { id: number; name: string };
  await a.page.goto(siteUrl(`/members/${first.id}/chat`));
  const open = a.page.getByRole('textbox', { name: nl('chat.composer.label', { name: first.name }) });
  await open.fill('Nog een bericht');
  await open.press('Enter');
  await expect(a.page.locator('.chat-msg.is-mine').last().locator('.chat-state')).toHaveAttribute(
    'title',
    nl('chat.state.sent'),
  );
  await expect(a.page.locator('.chat-problem')).toHaveCount(0);
  await a.context.close();
});
