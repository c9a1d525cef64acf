import type { APIRequestContext } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';
import { outbox } from './outbox';

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/**
 * Notification mail as a member meets it: a message while away brings a mail whose link
 * turns that one kind off, which the settings then show; a bounce the mail provider reports turns
 * e-mail off, and the site says why. The server runs with a 2-second batch window
 * (playwright.config.ts) and without SMTP, so mails are read from its outbox.
 */

const suffix = () => Math.floor(Math.random() * 1e6);
const emailSwitch = (kind: string) => ({
  name: `${nl('settings.channels.email')} ${nl(`settings.kinds.${kind}.label`)}`,
});

test('a mail about a new chat; its unsubscribe link turns that kind off, as the settings show', async ({
  browser,
}) => {
  const bob = await activeMember(browser, `Bob${suffix()}`, 'male');
  const anna = await activeMember(browser, `Anna${suffix()}`, 'female');
  // Bob leaves the site: his page goes hidden (the beacon) and closes.
  expect((await pageApi(bob.page, 'POST', '/api/page-hidden.php', {})).status).toBe(204);
  await bob.page.close();

  const sent = await pageApi(anna.page, 'POST', '/api/messages.php', {
    client_id: crypto.randomUUID(),
    member_id: bob.id,
    kind: 'text',
    body: 'Hoi Bob!',
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);

  let mail: ReturnType<typeof outbox>[number] | undefined;
  await expect
    .poll(() => (mail = outbox(bob.email).find((m) => m.subject.includes(anna.name))), { timeout: 20_000 })
    .toBeTruthy();
  const link = mail?.text
    .match(/https?:\/\/\S+/g)
    ?.find((u) => new URL(u).pathname.startsWith('/unsubscribe/'));
  expect(link, mail?.text).toBeTruthy();

  const page = await bob.context.newPage();
  await page.goto(siteUrl(new URL(link as string).pathname));
  await expect(
    page.getByText(nl('unsubscribe.done', { kind: nl('settings.kinds.new_conversations.label') })),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'unsubscribe-done');

  await page.getByRole('link', { name: nl('unsubscribe.settings') }).click();
  await expect(page.getByRole('switch', emailSwitch('new_conversations'))).not.toBeChecked();
  await expect(page.getByRole('switch', emailSwitch('new_messages'))).toBeChecked();

  // The link worked once.
  await page.goto(siteUrl(new URL(link as string).pathname));
  await expect(page.getByText(nl('unsubscribe.failedHint'))).toBeVisible();
  await anna.context.close();
  await bob.context.close();
});

/** The mail provider posts from its own servers: no browser, the site named by the Host header. */
function providerPost(request: APIRequestContext, secret: string, data: object) {
  const url = new URL(siteUrl('/api/mail-events.php'));
  const host = url.host;
  url.hostname = '127.0.0.1';
  return request.post(url.toString(), { headers: { host, authorization: `Bearer ${secret}` }, data });
}

test('a bounce the mail provider reports: the member is told e-mail is off, and why', async ({
  browser,
  request,
}) => {
  const bob = await activeMember(browser, `Bob${suffix()}`, 'male');
  const report = await providerPost(request, process.env.E2E_MAIL_EVENTS_SECRET ?? '', {
    type: 'bounce',
    email: bob.email,
  });
  expect(report.status(), await report.text()).toBe(200);
  expect(await report.json()).toEqual({ disabled: 1 });

  await bob.page.goto(siteUrl('/members'));
  const alert = bob.page.getByRole('region', { name: nl('emailOff.title') });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(nl('emailOff.reason.bounce'));
  await expectAccessible(bob.page);
  await shoot(bob.page, 'email-off-bounce');

  // Without the secret: refused, nothing changes.
  const forged = await providerPost(request, 'not-the-secret-at-all', {
    type: 'complaint',
    email: bob.email,
  });
  expect(forged.status()).toBe(401);
  await bob.context.close();
});
