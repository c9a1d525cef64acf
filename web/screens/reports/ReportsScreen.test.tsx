import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberNotice, MyReport } from '../../../common/api/reports';
import { mockApi, renderAt } from '../transactions/test-support';
import ReportsScreen from './ReportsScreen';

afterEach(() => vi.unstubAllGlobals());

const report = (extra: Partial<MyReport>): MyReport => ({
  id: 1,
  reported_name: 'Eva',
  subject: 'messages',
  reason: 'harassment',
  details: 'She keeps writing',
  evidence_count: 3,
  status: 'open',
  created_at: '2026-05-01T12:00:00Z',
  decided_at: null,
  ...extra,
});

const notice = (extra: Partial<MemberNotice>): MemberNotice => ({
  id: 1,
  kind: 'statement',
  action: null,
  reason: null,
  photo_reason: null,
  note: null,
  until: null,
  outcome: null,
  report: null,
  created_at: '2026-05-02T12:00:00Z',
  read: false,
  ...extra,
});

const open = () => renderAt('/reports', { path: '/reports', element: <ReportsScreen /> });

describe('/reports', () => {
  it('lists the member’s reports with their state and the decision once made', async () => {
    mockApi((call) =>
      call.url.pathname === '/api/reports.php'
        ? {
            body: {
              reports: [
                report({
                  id: 2,
                  reported_name: 'Mark',
                  status: 'dismissed',
                  decided_at: '2026-05-03T09:00:00Z',
                }),
                report({}),
              ],
              next_cursor: null,
            },
          }
        : { body: { notices: [], unread: 0 } },
    );
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'My reports' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'Mark' });
    const cards = screen.getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByText('No action taken')).toBeTruthy();
    expect(cards[0]?.textContent).toContain('found no breach of our rules');
    expect(within(cards[1] as HTMLElement).getByText('Under review')).toBeTruthy();
    expect(cards[1]?.textContent).toContain('Harassment or threats');
    expect(cards[1]?.textContent).toContain('Messages attached: 3');
    expect(cards[1]?.textContent).toContain('Our moderators have not decided yet.');
    // Without decisions, the empty decisions section comes after the reports.
    expect(screen.getByText('There are no decisions about your account.')).toBeTruthy();
  });

  it('shows the statement of reasons first, with the way to appeal, and marks the notices read', async () => {
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/reports.php') return { body: { reports: [], next_cursor: null } };
      if (call.method === 'POST') return { body: { unread: 0 } };
      return {
        body: {
          notices: [
            notice({
              action: 'suspend',
              reason: 'harassment',
              note: 'You kept writing after she asked you to stop.',
              until: '2026-05-09T12:00:00Z',
            }),
            notice({
              id: 2,
              kind: 'report_decision',
              outcome: 'upheld',
              reason: 'fake_or_scam',
              report: { reported_name: 'Mark', created_at: '2026-04-30T12:00:00Z' },
              read: true,
            }),
          ],
          unread: 1,
        },
      };
    });
    await open();
    const statement = (await screen.findByText('Action on your account')).closest('li') as HTMLElement;
    expect(statement.textContent).toContain('Your account is suspended until');
    expect(statement.textContent).toContain('You kept writing after she asked you to stop.');
    expect(within(statement).getByText('New')).toBeTruthy();
    expect(within(statement).getByRole('link', { name: 'complaints form' }).getAttribute('href')).toBe(
      '/complaints',
    );
    const mail = within(statement).getAllByRole('link')[0];
    expect(mail?.getAttribute('href')).toMatch(/^mailto:/);
    const decision = screen.getByText('Decision on your report').closest('li') as HTMLElement;
    expect(decision.textContent).toContain('Your report about Mark');
    expect(decision.textContent).toContain('taken action against this member');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ body: {} })]),
    );
    // The decisions section leads when there are decisions.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Decisions about your account', 'Your reports']);
  });
});
