import { useQuery } from '@tanstack/react-query';
import { configure, fireEvent, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { StaffRole } from '../../common/api/admin/staff';
import { endpoint } from '../../common/api/contract';
import admin from '../../common/locales/admin/en.json';
import AdminApp from './AdminApp';
import { adminCall, adminKey } from './api';
import { ErrorAlert } from './components/ErrorAlert';
import { PageHeader } from './components/PageHeader';
import { ADMIN_SECTIONS } from './sections';
import { apiError, mockAdminApi, renderConsole, staffOf } from './test-support';

/** A console call of the test's own: how many reports are open. */
const openReports = endpoint<{ response: z.ZodType<{ n: number }> }>('GET', '/api/admin/reports.php');

function ReportsScreen() {
  const reports = useQuery({
    queryKey: adminKey('reports'),
    queryFn: () => adminCall(openReports),
  });
  return (
    <>
      <PageHeader title="Reports" />
      {reports.data && <p>{`${reports.data.n} open`}</p>}
      <button type="button" onClick={() => void reports.refetch()}>
        Refresh
      </button>
      <ErrorAlert error={reports.error} />
    </>
  );
}

const SECTIONS = [
  {
    path: 'reports',
    titleKey: 'shell.menu',
    role: 'support' as StaffRole,
    Screen: lazy(async () => ({ default: ReportsScreen })),
  },
  {
    path: 'prices',
    titleKey: 'common.amount',
    role: 'admin' as StaffRole,
    Screen: lazy(async () => ({ default: ReportsScreen })),
  },
];

// The first render loads the lazy screens: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

// The shell with two sections of its own, in place of the real ones.
const REAL = [...ADMIN_SECTIONS];
beforeEach(() => ADMIN_SECTIONS.splice(0, ADMIN_SECTIONS.length, ...SECTIONS));
afterEach(() => {
  ADMIN_SECTIONS.splice(0, ADMIN_SECTIONS.length, ...REAL);
  vi.unstubAllGlobals();
});

describe('the console shell', () => {
  it('shows the login at the address asked for, then that section', async () => {
    let loggedIn = false;
    mockAdminApi((call) => {
      if (call.path === 'me.php') return { body: { staff: null } };
      if (call.path === 'login.php') {
        loggedIn = true;
        return { body: { staff: staffOf('admin') } };
      }
      return loggedIn ? { body: { n: 3 } } : apiError(403, 'authentication_required', 'Log in');
    });
    await renderConsole('/admin/reports', AdminApp);
    fireEvent.change(await screen.findByLabelText(admin.login.email), {
      target: { value: 'a@example.test' },
    });
    fireEvent.change(screen.getByLabelText(admin.login.password), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText(admin.login.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: admin.login.submit }));
    expect(await screen.findByText('3 open')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
  });

  it('lists only the sections the role allows, and refuses the others in place', async () => {
    mockAdminApi((call) =>
      call.path === 'me.php' ? { body: { staff: staffOf('moderator') } } : { body: { n: 1 } },
    );
    await renderConsole('/admin/prices', AdminApp);
    const nav = await screen.findByRole('navigation', { name: admin.shell.navLabel });
    expect(nav.textContent).toContain(admin.shell.menu);
    expect(nav.textContent).not.toContain(admin.common.amount);
    expect(
      await screen.findByText(admin.shell.forbidden.text.replace('{{role}}', admin.shell.roles.admin)),
    ).toBeTruthy();
    expect(screen.getByText('Test moderator')).toBeTruthy();
  });

  it('goes from /admin to the first section the role allows', async () => {
    mockAdminApi((call) =>
      call.path === 'me.php' ? { body: { staff: staffOf('support') } } : { body: { n: 2 } },
    );
    await renderConsole('/admin', AdminApp);
    expect(await screen.findByText('2 open')).toBeTruthy();
  });

  it('shows the login again, saying why, when a call finds the session ended; then the same screen', async () => {
    let session = true;
    mockAdminApi((call) => {
      if (call.path === 'me.php') return { body: { staff: staffOf('admin') } };
      if (call.path === 'login.php') {
        session = true;
        return { body: { staff: staffOf('admin') } };
      }
      return session ? { body: { n: 5 } } : apiError(403, 'authentication_required', 'Log in');
    });
    await renderConsole('/admin/reports', AdminApp);
    expect(await screen.findByText('5 open')).toBeTruthy();
    session = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(admin.login.sessionEnded)).toBeTruthy();
    expect(screen.queryByText('5 open')).toBeNull();
    fireEvent.change(screen.getByLabelText(admin.login.email), { target: { value: 'a@example.test' } });
    fireEvent.change(screen.getByLabelText(admin.login.password), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText(admin.login.code), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: admin.login.submit }));
    expect(await screen.findByText('5 open')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
  });

  it('shows staff_role_required as a message, not a crash', async () => {
    mockAdminApi((call) =>
      call.path === 'me.php'
        ? { body: { staff: staffOf('support') } }
        : apiError(403, 'staff_role_required', 'Your role in the console does not allow this.'),
    );
    await renderConsole('/admin/reports', AdminApp);
    expect(await screen.findByText('Your role in the console does not allow this.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
  });
});
