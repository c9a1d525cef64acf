import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../common/locales/en.json';
import { refreshPushState } from '../../state/push';
import { fakeBrowser, fakeSubscription, KEY } from '../../state/push-test-support';
import { mockApi, renderAt, USER } from '../transactions/test-support';
import { PushDevice } from './PushDevice';

beforeEach(() => {
  vi.stubEnv('PROD', true);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const show = async (key: string | null = KEY) => {
  await renderAt(
    '/notifications',
    { path: '/notifications', element: <PushDevice /> },
    { user: USER, settings: { push_public_key: key } },
  );
  await act(async () => {});
};
const button = (name: string) => screen.queryByRole('button', { name });

describe('push on this device, on /notifications', () => {
  it('off: turning it on subscribes and tells the server; then it says push is on', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await refreshPushState(KEY);
    await show();
    expect(screen.getByText(en.settings.pushDevice['not-subscribed'])).toBeTruthy();
    fireEvent.click(button(en.pushAlert.enable) as HTMLElement);
    await waitFor(() => expect(screen.getByText(en.settings.pushDevice.subscribed)).toBeTruthy());
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'POST /api/user.php?push=1',
    ]);
  });

  it('on: turning it off tells the server and gives the subscription up', async () => {
    const subscription = fakeSubscription('https://p.test/1', new Uint8Array());
    fakeBrowser({ permission: 'granted', subscription });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await refreshPushState(KEY);
    await show();
    fireEvent.click(button(en.settings.pushDevice.turnOff) as HTMLElement);
    await waitFor(() => expect(screen.getByText(en.settings.pushDevice['not-subscribed'])).toBeTruthy());
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'DELETE /api/user.php?push=1',
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('a failure is said in place; denied and not capable offer no button', async () => {
    fakeBrowser({ permission: 'default', answer: 'granted' });
    mockApi(() => ({ status: 503, body: null }));
    await refreshPushState(KEY);
    await show();
    fireEvent.click(button(en.pushAlert.enable) as HTMLElement);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(en.pushAlert.failed));

    fakeBrowser({ permission: 'denied' });
    await refreshPushState(KEY);
    await show();
    expect(screen.getAllByText(en.settings.pushDevice.denied).length).toBeGreaterThan(0);
    await refreshPushState(null);
    await show(null);
    expect(screen.getAllByText(en.settings.pushDevice['not-capable']).length).toBeGreaterThan(0);
  });
});
