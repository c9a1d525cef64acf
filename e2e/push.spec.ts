import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import type { PushPayload } from '../common/api/push';
import { type FakeBrowser, startPushService } from '../server/infra/push/testing/push-service';
import { t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  pageApi,
  shoot,
  siteData,
  siteUrl,
  test,
} from './fixtures';
import { activeMember } from './members';

/**
 * Web push from the member's side: not asked for on arrival, enabled from the settings, a message
 * from another member arriving as a push while the page is not looked at, and a tap that lands in
 * the conversation. Chromium here cannot reach a real push service, so only that is replaced,
 * behind the browser's own interface: PushManager hands out a subscription whose endpoint is a push
 * service on loopback (server/infra/push/testing/push-service.ts) with keys made in Node. The
 * server sends it the real encrypted request; the service checks VAPID and decrypts it, and the
 * plaintext is delivered to the service worker as the browser would (CDP deliverPushMessage).
 * Screens land in test-results/screens/.
 */

test.describe.configure({ timeout: 90_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** The browser's push service, replaced: subscriptions point at the loopback one. */
async function usePushService(context: BrowserContext, device: FakeBrowser) {
  await context.addInitScript((sub) => {
    const STORE = 'e2e:push-key';
    const make = (key: string) =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer,
        },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const raw = options?.applicationServerKey;
      const bytes =
        raw instanceof ArrayBuffer ? new Uint8Array(raw) : new Uint8Array((raw as Uint8Array).buffer);
      const key = btoa(String.fromCharCode(...bytes));
      localStorage.setItem(STORE, key);
      return make(key);
    };
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(STORE);
      return key ? make(key) : null;
    };
    PushManager.prototype.permissionState = async () =>
      Notification.permission === 'default' ? 'prompt' : Notification.permission;
  }, device.subscription);
}

/** A DevTools session on the page's service workers, and the id it knows the site's registration by. */
async function serviceWorkerDevTools(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const scope = siteUrl('/');
  let id: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) if (r.scopeURL === scope && !r.isDeleted) id = r.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => id).toBeTruthy();
  return { cdp, registrationId: id as string };
}

test('no push prompt on arrival; push turned on in the settings; a new message arrives as a push; a tap opens the conversation', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const sender = await activeMember(browser, `Ada${suffix}`, 'female');
  const receiver = await activeMember(browser, `Bas${suffix}`, 'male');
  const { context, page } = receiver;
  const { settings } = await siteData(page);
  expect(settings.push_public_key, 'the site has a VAPID key').toBeTruthy();
  const pushService = await startPushService(settings.push_public_key as string);
  const device = pushService.browser();
  await usePushService(context, device);
  await context.grantPermissions(['notifications'], { origin: new URL(siteUrl('/')).origin });
  // The time-bonus modal 40 s into the members area is tested on its own; here it would cover the page.
  await context.addInitScript(
    (id) => localStorage.setItem(`dismissed:time-bonus-modal:${id}`, String(Date.now())),
    receiver.id,
  );

  // Never asked on arrival: a new member with nothing to be told of yet gets no push alert.
  await page.goto(siteUrl('/members'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect(page.locator('.banner-slot')).toBeAttached();
  await expect(page.locator('.push-alert-body')).toHaveCount(0);

  // The member turns it on where the notification settings are.
  await page.goto(siteUrl('/notifications'));
  const switches = page.locator('.push-device');
  await expect(switches.getByText(nl('settings.pushDevice.not-subscribed'))).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'push-settings', { viewportOnly: true });

  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/user.php?push=1') && r.request().method() === 'POST',
  );
  await switches.getByRole('button', { name: nl('pushAlert.enable') }).click();
  expect((await posted).status()).toBe(200);
  await expect(switches.getByText(nl('settings.pushDevice.subscribed'))).toBeVisible();
  await shoot(page, 'push-settings-enabled', { viewportOnly: true });
  const { cdp, registrationId } = await serviceWorkerDevTools(page);

  // The server pushes only to a member who is not looking at the site. The page says it is hidden
  // (the beacon a hidden page sends) and then asks nothing more (offline), since any request of a
  // visible page counts as presence again.
  expect((await pageApi(page, 'POST', '/api/page-hidden.php', {})).status).toBe(204);
  await context.setOffline(true);
  const text = 'Hoi Bas, zin in een koffie?';
  const sent = await pageApi<{ message: { conversation_id: number } }>(
    sender.page,
    'POST',
    '/api/messages.php',
    {
      client_id: randomUUID(),
      member_id: receiver.id,
      body: text,
    },
  );
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const conversationId = sent.json.message.conversation_id;

  // The server's real request reached the push service: VAPID-signed, encrypted to this browser.
  await expect.poll(() => device.received.length, { timeout: 15_000 }).toBe(1);
  expect(pushService.rejected).toEqual([]);
  const payload = device.received[0] as PushPayload;
  expect(payload.url).toBe(`/chats/${conversationId}`);
  expect(payload.title).toContain(sender.name);
  expect(payload.count).toBeGreaterThanOrEqual(1);

  // The browser hands the push to the worker: it shows the notification and tells the open page,
  // which asks for the user again (on every push message the user is refetched).
  await context.setOffline(false);
  await page.evaluate(() => {
    const w = window as unknown as { told: unknown[] };
    w.told = [];
    navigator.serviceWorker.addEventListener('message', (e) => w.told.push(e.data));
  });
  const userAskedFor = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user.php');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(siteUrl('/')).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { told: unknown[] }).told))
    .toEqual([{ type: 'push', payload }]);
  await userAskedFor;
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

  // A tap: Chromium cannot click a system notification in a test, so the worker's own click
  // handler is called with it. The open page goes to the conversation.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      handleNotificationClick(n: Notification): Promise<void>;
    };
    const [notification] = await scope.registration.getNotifications();
    if (notification) await scope.handleNotificationClick(notification);
  });
  await expect(page).toHaveURL(siteUrl(`/chats/${conversationId}`));
  await expect(page.getByRole('region', { name: new RegExp(sender.name) }).getByText(text)).toBeVisible();
  await expect.poll(shown).toEqual([]);
  await expectAccessible(page);
  await shoot(page, 'push-conversation', { viewportOnly: true });

  await pushService.close();
  await sender.context.close();
  await context.close();
});
