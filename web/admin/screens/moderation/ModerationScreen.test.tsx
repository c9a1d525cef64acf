import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  PhotoQueueResponse,
  ReportResponse,
  ReportSummary,
} from '../../../../common/api/admin/moderation';
import admin from '../../../../common/locales/admin/en.json';
import en from '../../../../common/locales/en.json';
import { type AdminCall, apiError, mockAdminApi, renderConsoleScreen } from '../../test-support';
import ModerationScreen from './ModerationScreen';

afterEach(() => vi.unstubAllGlobals());

const m = admin.moderation;

const summary = (over: Partial<ReportSummary> = {}): ReportSummary => ({
  id: 7,
  site_id: 1,
  site: 'amora.test',
  subject: 'messages',
  reason: 'harassment',
  details: 'Kept writing after I said no.',
  automatic: false,
  status: 'open',
  action: null,
  reporter: { id: 1, name: 'Sanne' },
  reported: { id: 2, name: 'Bram' },
  evidence_count: 2,
  created_at: '2026-05-01T10:00:00Z',
  decided_at: null,
  ...over,
});

const detail = (): ReportResponse => ({
  report: {
    ...summary(),
    evidence: [
      {
        id: 11,
        sender_id: 2,
        from: 'reported',
        kind: 'text',
        body: 'Send me money or else.',
        photo_url: null,
        gift: null,
        created_at: '2026-05-01T09:00:00Z',
      },
      {
        id: 12,
        sender_id: 1,
        from: 'reporter',
        kind: 'text',
        body: 'Leave me alone.',
        photo_url: null,
        gift: null,
        created_at: '2026-05-01T09:01:00Z',
      },
    ],
    photo: null,
    decision_reason: null,
    decided_by: null,
  },
  member: {
    id: 2,
    name: 'Bram',
    site_id: 1,
    site: 'amora.test',
    status: 'active',
    suspended_until: null,
    banned: false,
    hidden_by_reports: false,
    signup_date: '2026-04-01T10:00:00Z',
    email_confirmed: true,
    deleted: false,
    photo_count: 0,
    photos: [],
  },
  history: { reports: [], notices: [] },
  other_open: [summary({ id: 8, reporter: { id: 3, name: 'Ilse' }, evidence_count: 0 })],
});

function api(extra: (call: AdminCall) => { status?: number; body: unknown } | null = () => null) {
  return mockAdminApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === 'report.php') return { body: detail() };
    if (call.path === 'reports.php') return { body: { reports: [summary()], open: 2, next_cursor: null } };
    if (call.path === 'photos.php') return { body: { photos: [], waiting: 0, next_cursor: null } };
    if (call.path === 'sites.php') return { body: { sites: [] } };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

describe('a report’s page', () => {
  it('shows the evidence as a transcript and, for support, no decisions', async () => {
    api();
    await renderConsoleScreen(<ModerationScreen />, {
      role: 'support',
      url: '/admin/moderation/reports/7',
      path: '/admin/moderation/*',
    });
    expect(await screen.findByText('Send me money or else.')).toBeTruthy();
    expect(screen.getByText('Leave me alone.')).toBeTruthy();
    expect(screen.getByText(m.decision.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.actions.suspend.button })).toBeNull();
  });

  it('a moderator suspends with days and reasons, together with the other report ticked', async () => {
    const calls = api((call) =>
      call.path === 'report-decision.php' ? { body: { decided: [7, 8], member: detail().member } } : null,
    );
    await renderConsoleScreen(<ModerationScreen />, {
      role: 'moderator',
      url: '/admin/moderation/reports/7',
      path: '/admin/moderation/*',
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Harassment or threats/ }));
    fireEvent.click(screen.getByRole('button', { name: m.actions.suspend.button }));
    fireEvent.click(screen.getByRole('button', { name: '7 days', hidden: true }));
    const reason = screen.getByLabelText(m.decision.reasonLabel);
    // Too short: said in the dialog, nothing sent.
    fireEvent.change(reason, { target: { value: 'Rude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend for 7 days', hidden: true }));
    expect(await screen.findByText(m.decision.tooShort.replace('{{min}}', '10'))).toBeTruthy();
    expect(calls.some((c) => c.path === 'report-decision.php')).toBe(false);

    fireEvent.change(reason, { target: { value: 'You threatened a member to get money.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend for 7 days', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.path === 'report-decision.php')).toBe(true));
    expect(calls.find((c) => c.path === 'report-decision.php')?.body).toEqual({
      report_id: 7,
      action: 'suspend',
      days: 7,
      reason: 'You threatened a member to get money.',
      also_report_ids: [8],
    });
    expect(await screen.findByText(m.actions.suspend.saved)).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    api((call) =>
      call.path === 'report-decision.php'
        ? apiError(409, 'report_handled', 'This report has already been handled.')
        : null,
    );
    await renderConsoleScreen(<ModerationScreen />, {
      role: 'admin',
      url: '/admin/moderation/reports/7',
      path: '/admin/moderation/*',
    });
    fireEvent.click(await screen.findByRole('button', { name: m.actions.dismiss.button }));
    fireEvent.change(screen.getByLabelText(m.decision.reasonDismiss), {
      target: { value: 'Nothing in the messages breaks the rules.' },
    });
    fireEvent.click(screen.getByRole('button', { name: m.actions.dismiss.confirm, hidden: true }));
    expect(await screen.findByText('This report has already been handled.')).toBeTruthy();
  });
});

describe('the queues', () => {
  it('lists open reports with their reason and a way to each', async () => {
    api();
    await renderConsoleScreen(<ModerationScreen />, {
      url: '/admin/moderation/reports',
      path: '/admin/moderation/*',
    });
    expect(await screen.findByText('Bram')).toBeTruthy();
    expect(screen.getAllByText(en.reports.reasons.harassment).length).toBeGreaterThan(0);
    expect(
      screen.getByRole('link', {
        name: m.reports.openLabel.replace('{{id}}', '7').replace('{{name}}', 'Bram'),
      }),
    ).toBeTruthy();
  });

  it('approves a photo with the A key on its card', async () => {
    const queue: PhotoQueueResponse = {
      photos: [
        {
          id: 31,
          thumb_url: '/api/admin/member-photo.php?id=31&size=thumb',
          url: '/api/admin/member-photo.php?id=31&size=full',
          width: 800,
          height: 1000,
          premium: false,
          status: 'approved',
          main: true,
          created_at: '2026-05-01T10:00:00Z',
          reviewed_at: null,
          rejection_reason: null,
          member: { id: 5, name: 'Lotte', site_id: 1, site: 'amora.test' },
        },
      ],
      waiting: 1,
      next_cursor: null,
    };
    const calls = api((call) => {
      if (call.path === 'photos.php') return { body: queue };
      if (call.path === 'photo-review.php')
        return { body: { photo: { ...queue.photos[0], reviewed_at: 'now' } } };
      return null;
    });
    await renderConsoleScreen(<ModerationScreen />, {
      role: 'moderator',
      url: '/admin/moderation/photos',
      path: '/admin/moderation/*',
    });
    const approve = await screen.findByRole('button', { name: m.photos.approve });
    fireEvent.keyDown(approve, { key: 'a' });
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'photo-review.php')?.body).toEqual({
        photo_id: 31,
        decision: 'approve',
      }),
    );
  });
});
