import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../common/locales/en.json';
import { mockApi, renderAt } from '../transactions/test-support';
import LoginScreen from './LoginScreen';

afterEach(() => vi.unstubAllGlobals());

async function submitLogin() {
  await renderAt('/login', { path: '/login', element: <LoginScreen /> }, { user: null });
  fireEvent.change(screen.getByLabelText(en.login.email), { target: { value: 'lotte@example.test' } });
  fireEvent.change(screen.getByLabelText(en.login.password, { selector: 'input' }), {
    target: { value: 'Tulpen-op-zolder-7' },
  });
  fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
}

describe('the login form', () => {
  it('words the limit of the network as the network’s, with its minutes, as the server words it', async () => {
    const message = en.error.login_network_limited_other.replace('{{minutes}}', '12');
    const calls = mockApi(() => ({
      status: 429,
      body: { error: 'login_network_limited', message, retry_after: 700, minutes: 12 },
    }));
    await submitLogin();
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/account is blocked/)).toBeNull();
    // Once: a limit is no failure a retry mends.
    expect(calls.filter((c) => c.url.pathname === '/api/user.php' && c.method === 'POST')).toHaveLength(1);
  });
});
