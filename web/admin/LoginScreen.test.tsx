import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import admin from '../../common/locales/admin/en.json';
import en from '../../common/locales/en.json';
import { LoginScreen } from './LoginScreen';
import { adminTestI18n, apiError, mockAdminApi, staffOf } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function renderLogin(notice: 'sessionEnded' | 'loggedOut' | null = null) {
  const onLoggedIn = vi.fn();
  render(
    <I18nextProvider i18n={await adminTestI18n()}>
      <LoginScreen notice={notice} onLoggedIn={onLoggedIn} />
    </I18nextProvider>,
  );
  return onLoggedIn;
}

function fill(values: { email?: string; password?: string; code?: string }) {
  const set = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set(admin.login.email, values.email ?? 'admin@example.test');
  set(admin.login.password, values.password ?? 'right password');
  set(admin.login.code, values.code ?? '123456');
  fireEvent.click(screen.getByRole('button', { name: admin.login.submit }));
}

describe('the console login', () => {
  it('asks for the code as a one-time code on the numeric keyboard', async () => {
    await renderLogin();
    const code = screen.getByLabelText(admin.login.code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('shows the server’s login_failed message and empties the used code', async () => {
    const calls = mockAdminApi(() => apiError(401, 'login_failed', en.error.login_failed));
    const onLoggedIn = await renderLogin();
    fill({ code: '000000' });
    expect(await screen.findByText(en.error.login_failed)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      path: 'login.php',
      method: 'POST',
      body: { email: 'admin@example.test', password: 'right password', code: '000000' },
    });
    expect((screen.getByLabelText(admin.login.code) as HTMLInputElement).value).toBe('');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows login_blocked with its minutes as the server words it', async () => {
    const message = en.error.login_blocked_other.replace('{{minutes}}', '12');
    mockAdminApi(() => apiError(429, 'login_blocked', message, { retry_after: 700 }));
    await renderLogin();
    fill({});
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it('shows login_network_limited as the network’s limit, not the account’s', async () => {
    const message = en.error.login_network_limited_other.replace('{{minutes}}', '9');
    mockAdminApi(() => apiError(429, 'login_network_limited', message, { retry_after: 540 }));
    await renderLogin();
    fill({});
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/account is blocked/)).toBeNull();
  });

  it('puts the server’s field errors under their fields', async () => {
    mockAdminApi(() =>
      apiError(400, 'invalid_input', 'Check the form', { fields: { email: 'That is no e-mail address.' } }),
    );
    await renderLogin();
    fill({});
    expect(await screen.findByText('That is no e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText(admin.login.email).getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the code’s form before asking the server', async () => {
    const calls = mockAdminApi(() => ({ body: { staff: staffOf('admin') } }));
    await renderLogin();
    fill({ code: '12ab' });
    expect(await screen.findByText(en.validation.totpCode)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('hands the staff member on after a good login', async () => {
    const staff = staffOf('moderator');
    mockAdminApi(() => ({ body: { staff } }));
    const onLoggedIn = await renderLogin();
    fill({});
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(staff));
  });

  it('says why it shows after a session ended', async () => {
    await renderLogin('sessionEnded');
    expect(screen.getByText(admin.login.sessionEnded)).toBeTruthy();
  });
});
