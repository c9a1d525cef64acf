import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, USER } from '../screens/transactions/test-support';
import DisabledNotificationsAlert from './DisabledNotificationsAlert';

afterEach(() => vi.unstubAllGlobals());

const at = (path: string, reasons: string[]) =>
  renderAt(
    path,
    { path, element: <DisabledNotificationsAlert /> },
    { user: { ...USER, notifications_disabled: reasons } },
  );

describe('the disabled-notifications alert', () => {
  it('says why e-mail stopped (a bounce reported by the mail provider) and how to turn it back on', async () => {
    mockApi(() => ({ body: {} }));
    await at('/members', ['bounce']);
    expect(screen.getByRole('heading', { name: 'E-mail notifications are turned off' })).toBeTruthy();
    expect(
      screen.getByText(/Our e-mails to your address could not be delivered, so we stopped sending them\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn e-mail back on' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/notifications',
    );
  });

  it('names each reason once, a spam complaint and an unsubscribe through the mail program', async () => {
    mockApi(() => ({ body: {} }));
    await at('/likes', ['spam', 'unsubscribe']);
    expect(screen.getByText(/marked as spam/)).toBeTruthy();
    expect(screen.getByText(/unsubscribed through your mail program/)).toBeTruthy();
  });

  it('is not shown on the notification settings, which explain it themselves', async () => {
    mockApi(() => ({ body: {} }));
    await at('/notifications', ['bounce']);
    expect(screen.queryByRole('heading', { name: 'E-mail notifications are turned off' })).toBeNull();
  });
});
