import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Figures, Revenue } from '../../../../common/api/admin/figures';
import admin from '../../../../common/locales/admin/en.json';
import { type AdminCall, mockAdminApi, renderConsoleScreen } from '../../test-support';
import FiguresScreen from './FiguresScreen';

const days = ['2025-03-01', '2025-03-02', '2025-03-03'];
const figures: Figures = {
  from: days[0] as string,
  to: days[2] as string,
  site_id: null,
  time_zone: 'UTC',
  days: days.map((day, i) => ({
    day,
    signups: i + 1,
    active_members: 10 * (i + 1),
    messages: 3,
    purchases: i,
    visits: 100,
    bounces: 40,
  })),
  traffic: [
    { network: 'google', lander: 'landers/gallery', visits: 200, bounces: 80, signups: 4 },
    { network: null, lander: 'home', visits: 100, bounces: 40, signups: 2 },
  ],
};
const revenue: Revenue = {
  ...{ from: figures.from, to: figures.to, site_id: null, time_zone: 'UTC' },
  currencies: [
    {
      currency: 'EUR',
      purchases: 3,
      amount: 5985,
      refunded: 1995,
      days: days.map((day, i) => ({ day, purchases: i, amount: 1995 * i, refunded: i === 2 ? 1995 : 0 })),
    },
  ],
};

function answer(call: AdminCall) {
  if (call.path === 'figures.php') return { body: { figures } };
  if (call.path === 'revenue.php') return { body: { revenue } };
  if (call.path === 'sites.php')
    return {
      body: { sites: [{ id: 1, domain: 'amora.test', name: 'Amora', countries: ['NL'], is_default: true }] },
    };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
}

const panel = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('FiguresScreen', () => {
  test('asks for the range of the address and shows each count with its total and table', async () => {
    const calls = mockAdminApi(answer);
    await renderConsoleScreen(<FiguresScreen />, {
      url: '/admin/figures?from=2025-03-01&to=2025-03-03&site=1',
    });
    await screen.findByRole('heading', { level: 2, name: admin.figures.charts.signups });
    const asked = calls.find((c) => c.path === 'figures.php');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      from: '2025-03-01',
      to: '2025-03-03',
      site_id: '1',
    });

    const signups = panel(admin.figures.charts.signups);
    expect(within(signups).getByText('Total 6')).toBeTruthy();
    expect(within(signups).getByRole('img').getAttribute('aria-label')).toMatch(/^Signups, .+: Total 6$/);
    const rows = within(signups).getAllByRole('row');
    // A header row and one row per day.
    expect(rows).toHaveLength(4);
    expect(within(rows[3] as HTMLElement).getByRole('cell').textContent).toBe('3');
    expect(within(panel(admin.figures.charts.active_members)).getByText('20 a day on average')).toBeTruthy();

    const traffic = panel(admin.figures.charts.traffic);
    expect(within(traffic).getByRole('rowheader', { name: 'google' })).toBeTruthy();
    expect(within(traffic).getByText('Lander gallery')).toBeTruthy();
    expect(within(traffic).getByText(admin.figures.traffic.pages.home)).toBeTruthy();
    expect(within(traffic).getAllByText('40%')).toHaveLength(2);
  });

  test('an admin sees revenue, net of refunds', async () => {
    const calls = mockAdminApi(answer);
    await renderConsoleScreen(<FiguresScreen />, { url: '/admin/figures?from=2025-03-01&to=2025-03-03' });
    const title = await screen.findByRole('heading', { level: 2, name: admin.figures.charts.revenue });
    expect((title.closest('section') as HTMLElement).textContent).toContain('Net €39.90');
    expect(calls.some((c) => c.path === 'revenue.php')).toBe(true);
  });

  test('support and moderators never ask for the money', async () => {
    const calls = mockAdminApi(answer);
    await renderConsoleScreen(<FiguresScreen />, {
      role: 'moderator',
      url: '/admin/figures?from=2025-03-01&to=2025-03-03',
    });
    await screen.findByRole('heading', { level: 2, name: admin.figures.charts.signups });
    expect(screen.queryByRole('heading', { level: 2, name: admin.figures.charts.revenue })).toBeNull();
    expect(calls.some((c) => c.path === 'revenue.php')).toBe(false);
  });

  test('a range longer than a year is not asked for, and says why', async () => {
    const calls = mockAdminApi(answer);
    await renderConsoleScreen(<FiguresScreen />, { url: '/admin/figures?from=2024-01-01&to=2025-03-01' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Choose at most 366 days; this range has 426.');
    expect(calls.some((c) => c.path === 'figures.php')).toBe(false);
  });
});
