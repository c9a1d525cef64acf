import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '../transactions/test-support';
import UnsubscribeScreen from './UnsubscribeScreen';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = `${'a'.repeat(20)}${'B'.repeat(20)}_-9`;
const open = (token: string) =>
  renderAt(
    `/unsubscribe/${token}`,
    { path: '/unsubscribe/:token', element: <UnsubscribeScreen /> },
    { user: null },
  );

describe('/unsubscribe/:token', () => {
  it('posts the token once, says which kind of mail is off and leads to the notification settings', async () => {
    const calls = mockApi(() => ({ body: { unsubscribed: { kind: 'new_messages' } } }));
    await open(TOKEN);
    expect(
      await screen.findByText('Done: you will no longer get e-mails about “New messages”.'),
    ).toBeTruthy();
    const settings = screen.getByRole('link', { name: 'Notification settings' });
    expect(settings.getAttribute('href')).toBe('/notifications');
    const posts = calls.filter((c) => c.url.pathname === '/api/unsubscribe.php');
    expect(posts).toEqual([expect.objectContaining({ method: 'POST', body: { token: TOKEN } })]);
  });

  it('a used link: the server’s message, and the way to the settings', async () => {
    mockApi(() => ({
      status: 410,
      body: { error: 'link_used', message: 'This link has already been used.' },
    }));
    await open(TOKEN);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has already been used.');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeTruthy();
  });

  it('a link that is not a token is refused without asking the server', async () => {
    const calls = mockApi(() => ({ body: {} }));
    await open('not-a-token');
    expect(screen.getByRole('alert').textContent).toBe('We could not unsubscribe you with this link.');
    expect(calls.filter((c) => c.url.pathname === '/api/unsubscribe.php')).toEqual([]);
  });
});
