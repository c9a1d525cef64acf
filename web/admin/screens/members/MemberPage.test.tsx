import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRecord } from '../../../../common/api/admin/members';
import type { StaffRole } from '../../../../common/api/admin/staff';
import admin from '../../../../common/locales/admin/en.json';
import { apiError, mockAdminApi, renderConsoleScreen } from '../../test-support';
import { parseAmount } from './dialogs';
import MembersScreen from './MembersScreen';

afterEach(() => vi.unstubAllGlobals());

const a = admin.members.actions;

function record(over: Partial<MemberRecord['account']> = {}): MemberRecord {
  return {
    account: {
      id: 42,
      site_id: 1,
      site: 'amora.test',
      email: 'mira@example.test',
      status: 'active',
      suspended_until: null,
      banned: false,
      credits: 10,
      paid: true,
      language: 'nl',
      signup_date: '2026-01-02T10:00:00Z',
      tracking: {},
      last_active: '2026-05-01T10:00:00Z',
      email_confirmed_at: '2026-01-02T10:05:00Z',
      invisible: false,
      hidden_by_reports: false,
      deleted_at: null,
      deletion_reason: null,
      ...over,
    },
    profile: {
      name: 'Mira',
      gender: 'female',
      sexuality: 'hetero',
      birth_date: '1990-04-01',
      age: 36,
      relationship_status: null,
      hair_colour: null,
      eye_colour: null,
      body_type: null,
      tattoos: null,
      reason: null,
      about: '',
      country: 'NL',
      region_code: null,
      region_name: null,
      status: 'active',
      seeking_gender: null,
      seeking_min_age: null,
      seeking_max_age: null,
      interests: [],
      fictional: false,
    },
    photos: [],
    payments: [
      {
        id: '6f1c2a4e-6f3b-4f0e-9a51-6b1d2f0c9e11',
        created_at: '2026-03-01T10:00:00Z',
        paid_at: '2026-03-01T10:01:00Z',
        status: 'paid',
        provider: 'demo',
        method: 'ideal',
        amount: 1995,
        currency: 'EUR',
        credits: 100,
        discount_code: null,
        refunded_amount: 0,
        refunded_at: null,
        refundable: 1995,
      },
    ],
    reports: { against: [], by: [], against_open: 0 },
    notices: [],
    sessions: { active: 2, push_subscriptions: 0 },
    history: [],
  };
}

async function open(role: StaffRole, member = record(), handler?: Parameters<typeof mockAdminApi>[0]) {
  const calls = mockAdminApi(
    handler ??
      ((call) => {
        if (call.path === 'member.php') return { body: { member } };
        return { body: { entries: [], next_cursor: null } };
      }),
  );
  await renderConsoleScreen(<MembersScreen />, { role, url: '/admin/members/42', path: '/admin/members/*' });
  await screen.findByRole('heading', { level: 1, name: 'Mira' });
  return calls;
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('a member’s record', () => {
  it('shows support only what support may do', async () => {
    await open('support');
    expect(button(a.sessions.button)).not.toBeNull();
    for (const hidden of [a.credits.button, a.fictional.mark, a.suspend.button, a.ban.button])
      expect(button(hidden), hidden).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Payments/ }));
    expect(screen.queryByRole('button', { name: /Refund the payment/ })).toBeNull();
  });

  it('gives a moderator the sanctions but not the money', async () => {
    await open('moderator');
    expect(button(a.suspend.button)).not.toBeNull();
    expect(button(a.ban.button)).not.toBeNull();
    expect(button(a.lift.button)).toBeNull();
    expect(button(a.credits.button)).toBeNull();
    expect(button(a.fictional.mark)).toBeNull();
  });

  it('offers lifting a suspension once there is one', async () => {
    await open('moderator', record({ status: 'suspended', suspended_until: '2026-09-01T00:00:00Z' }));
    expect(button(a.lift.button)).not.toBeNull();
    expect(button(a.suspend.button)).toBeNull();
  });

  it('checks a credits change before it is sent, and shows the server’s refusal', async () => {
    const calls = await open('admin', record(), (call) => {
      if (call.path === 'member.php') return { body: { member: record() } };
      if (call.path === 'member-credits.php')
        return apiError(409, 'credits_negative', 'The balance cannot go below zero: nothing was changed.');
      return { body: { entries: [], next_cursor: null } };
    });
    fireEvent.click(screen.getByRole('button', { name: a.credits.button }));
    const dialog = screen.getByRole('dialog', { name: a.credits.title, hidden: true });
    const delta = within(dialog).getByLabelText(a.credits.delta);
    fireEvent.change(within(dialog).getByLabelText(admin.common.reason), { target: { value: 'because' } });
    for (const bad of ['0', '1.5', 'ten', '100001', '-11']) {
      fireEvent.change(delta, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: a.credits.confirm, hidden: true }));
      await within(dialog).findByText(
        bad === '-11'
          ? a.credits.negative.replace('{{credits}}', '10')
          : a.credits.invalid.replaceAll('{{max}}', '100,000'),
      );
    }
    expect(calls.filter((c) => c.path === 'member-credits.php')).toEqual([]);
    fireEvent.change(delta, { target: { value: ' -5 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: a.credits.confirm, hidden: true }));
    await within(dialog).findByText('The balance cannot go below zero: nothing was changed.');
    expect(calls.find((c) => c.path === 'member-credits.php')?.body).toEqual({
      delta: -5,
      reason: 'because',
      member_id: 42,
    });
  });

  it('refunds at most what is left of a payment, in cents', async () => {
    const calls = await open('admin', record(), (call) => {
      if (call.path === 'member.php') return { body: { member: record() } };
      if (call.path === 'member-refund.php')
        return { body: { payment: record().payments[0], credits_taken: 50, credits: 0, paid: true } };
      return { body: { entries: [], next_cursor: null } };
    });
    fireEvent.click(screen.getByRole('tab', { name: /Payments/ }));
    fireEvent.click(screen.getByRole('button', { name: /Refund the payment/ }));
    const dialog = screen.getByRole('dialog', { name: a.refund.title, hidden: true });
    const amount = within(dialog).getByLabelText(a.refund.amount.replace('{{currency}}', 'EUR'));
    expect((amount as HTMLInputElement).value).toBe('19.95');
    fireEvent.change(within(dialog).getByLabelText(admin.common.reason), { target: { value: 'goodwill' } });
    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: a.refund.confirm, hidden: true }));
    await within(dialog).findByText(/Enter an amount above 0/);
    fireEvent.change(amount, { target: { value: '9,95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: a.refund.confirm, hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.path === 'member-refund.php')).toBe(true));
    expect(calls.find((c) => c.path === 'member-refund.php')?.body).toEqual({
      payment_id: record().payments[0]?.id,
      amount: 995,
      reason: 'goodwill',
    });
  });

  it('says so when the member does not exist', async () => {
    mockAdminApi(() => apiError(404, 'not_found', 'This could not be found.'));
    await renderConsoleScreen(<MembersScreen />, { url: '/admin/members/42', path: '/admin/members/*' });
    await screen.findByRole('heading', { level: 1, name: admin.members.notFound.title });
  });
});

describe('parseAmount', () => {
  it('reads what staff type in the currency’s units as cents', () => {
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount(' 12,05 ')).toBe(1205);
    expect(parseAmount('0.29')).toBe(29);
    for (const bad of ['', '1.234', '-1', '1e3', '12,5,0']) expect(parseAmount(bad)).toBeNull();
  });
});
