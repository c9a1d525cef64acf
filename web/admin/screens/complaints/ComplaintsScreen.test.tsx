import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ComplaintDetail } from '../../../../common/api/admin/complaints';
import admin from '../../../../common/locales/admin/en.json';
import { type AdminCall, apiError, mockAdminApi, renderConsoleScreen } from '../../test-support';
import ComplaintsScreen from './ComplaintsScreen';

const complaint: ComplaintDetail = {
  id: 7,
  reference: 'ABCD-2345',
  site_id: 1,
  site_domain: 'amora.test',
  site_name: 'Amora',
  member_id: null,
  name: 'Sanne de Vries',
  email: 'sanne@example.test',
  category: 'billing',
  subject: null,
  status: 'new',
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: null,
  forwarded: false,
  message: 'I was charged twice for one package.',
  language: 'nl',
  staff_note: null,
  forwarded_at: null,
  history: [],
};
const sites = {
  sites: [{ id: 1, domain: 'amora.test', name: 'Amora', countries: ['NL'], is_default: true }],
};

afterEach(() => vi.unstubAllGlobals());

describe('a complaint in the console', () => {
  test('its support mail can be sent again when it never went out', async () => {
    let current = complaint;
    const calls = mockAdminApi((call: AdminCall) => {
      if (call.path === 'sites.php') return { body: sites };
      if (call.path === 'complaint-mail.php') {
        current = { ...current, forwarded: true, forwarded_at: '2026-05-01T11:00:00.000Z' };
        return { body: { complaint: current } };
      }
      return { body: { complaint: current } };
    });
    await renderConsoleScreen(<ComplaintsScreen />, {
      url: '/admin/complaints/7',
      path: '/admin/complaints/*',
    });
    await screen.findByRole('heading', { level: 1, name: 'Complaint ABCD-2345' });
    expect(screen.getByText(admin.complaints.notForwarded)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: admin.complaints.detail.resend }));
    await screen.findByText(/^Sent /);
    expect(calls.find((c) => c.path === 'complaint-mail.php')).toMatchObject({
      method: 'POST',
      body: { id: 7 },
    });
    expect(screen.queryByRole('button', { name: admin.complaints.detail.resend })).toBeNull();
  });

  test('a new state needs a note; the server’s refusal is shown and nothing is lost', async () => {
    const calls = mockAdminApi((call: AdminCall) => {
      if (call.path === 'sites.php') return { body: sites };
      if (call.method === 'PATCH')
        return apiError(403, 'staff_role_required', 'Your role does not allow this.');
      return { body: { complaint } };
    });
    await renderConsoleScreen(<ComplaintsScreen />, {
      url: '/admin/complaints/7',
      path: '/admin/complaints/*',
    });
    await screen.findByRole('heading', { level: 1, name: 'Complaint ABCD-2345' });
    const form = screen
      .getByRole('heading', { name: admin.complaints.form.title })
      .closest('section') as HTMLElement;
    fireEvent.click(within(form).getByLabelText(admin.complaints.status.in_progress));
    fireEvent.click(within(form).getByRole('button', { name: admin.complaints.form.save }));
    expect(within(form).getByText(admin.complaints.form.noteRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    const note = within(form).getByRole('textbox', { name: admin.common.note });
    fireEvent.change(note, { target: { value: 'Asked the payment provider.' } });
    fireEvent.click(within(form).getByRole('button', { name: admin.complaints.form.save }));
    await within(form).findByText('Your role does not allow this.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      id: 7,
      status: 'in_progress',
      note: 'Asked the payment provider.',
    });
    expect((note as HTMLTextAreaElement).value).toBe('Asked the payment provider.');
  });
});
