import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminDiscountCode,
  AdminGift,
  AdminPackage,
  AdminSite,
} from '../../../../common/api/admin/sites';
import admin from '../../../../common/locales/admin/en.json';
import { type AdminCall, apiError, mockAdminApi, renderConsoleScreen } from '../../test-support';
import SitesScreen from './SitesScreen';

const s = admin.sites;

const SITE: AdminSite = {
  id: 1,
  is_default: true,
  updated_at: '2026-06-01T10:00:00.000Z',
  push_public_key: 'BPUSHKEY',
  companies: [
    { id: 1, name: 'Amora Media B.V.' },
    { id: 2, name: 'Nordlicht Digital GmbH' },
  ],
  methods: ['ideal', 'bancontact', 'creditcard', 'paypal'],
  currencies: ['EUR', 'GBP'],
  settings: {
    domain: 'amora.localhost',
    aliases: ['localhost'],
    name: 'Amora',
    index_title: 'Amora – dating',
    description: 'Meet singles.',
    mail_name: 'Amora',
    niche: 1,
    cdn_prefix: '',
    countries: ['NL', 'BE', 'GB'],
    domain_language: 'nl_NL',
    time_zone: 'Europe/Amsterdam',
    message_credits: 1,
    photo_credits: 2,
    gift_credits: 5,
    signup_credits: 3,
    message_length: 1000,
    minimum_message_costs: { NL: { costs: 149, currency: 'EUR' } },
    refund_days: 14,
    member_resell: false,
    fictional_warning: null,
    fictional_singular: null,
    fictional_plural: null,
    fictional_icon: null,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'all',
    enable_site_entry_popup: 'yes',
    search_fields: ['gender', 'country'],
    visible_profile_fields: ['age', 'interests'],
    visible_profile_notes: true,
    support_email: 'support@amora.localhost',
    support_phone: '020 - 123 45 67',
    company_id: 1,
    company_address_variant: 'full',
  },
};

const PACKAGE: AdminPackage = {
  id: 7,
  site_id: 1,
  credits: 50,
  prices: { EUR: 1995, GBP: 1795 },
  country_prices: {},
  popular: true,
  active: true,
  position: 1,
  payments: 3,
};

const CODE: AdminDiscountCode = {
  id: 3,
  site_id: 1,
  code: 'AMORA10',
  value_percentage: 10,
  country: null,
  currency: null,
  minimum_order_value: 0,
  payment_methods: [],
  expires: null,
  expired: false,
  validity: 'once_per_user',
  status: 'active',
  max_uses: null,
  uses: 4,
  created_at: '2026-05-01T10:00:00.000Z',
};

const GIFTS: AdminGift[] = [{ id: 1, slug: 'rose', credits: null, active: true, position: 1 }];

/** The server of these tests: the answers above, and what a handler gives for the changes. */
function server(
  changes: (call: AdminCall) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return mockAdminApi((call) => {
    const changed = call.method === 'GET' ? undefined : changes(call);
    if (changed) return changed;
    switch (call.path) {
      case 'sites.php':
        return {
          body: {
            sites: [{ id: 1, domain: 'amora.localhost', name: 'Amora', countries: ['NL'], is_default: true }],
          },
        };
      case 'site.php':
        return {
          body: {
            site:
              call.method === 'PUT'
                ? { ...SITE, settings: { ...SITE.settings, ...(call.body as object) } }
                : SITE,
          },
        };
      case 'packages.php':
        return { body: call.method === 'GET' ? { packages: [PACKAGE] } : { package: PACKAGE } };
      case 'discount-codes.php':
        return {
          body:
            call.method === 'GET'
              ? { discount_codes: [CODE] }
              : { discount_code: { ...CODE, ...(call.body as object) } },
        };
      case 'gifts.php':
        return {
          body: call.method === 'GET' ? { gifts: GIFTS, addable: ['present', 'cake'] } : { gift: GIFTS[0] },
        };
      default:
        return apiError(404, 'not_found', 'Not found');
    }
  });
}

afterEach(() => vi.unstubAllGlobals());

const open = (tab: string, role: 'admin' | 'support' = 'admin') =>
  renderConsoleScreen(<SitesScreen />, { url: `/admin/sites/1/${tab}`, path: '/admin/sites/*', role });

describe('site settings', () => {
  it('saves every field with the one changed, and says so', async () => {
    const calls = server();
    await open('settings');
    const name = await screen.findByLabelText(s.fields.name);
    expect((name as HTMLInputElement).value).toBe('Amora');
    fireEvent.change(name, { target: { value: 'Amora Plus' } });
    fireEvent.click(screen.getByLabelText(s.fields.member_resell));
    fireEvent.click(screen.getByRole('button', { name: s.saveSettings }));
    expect(await screen.findByText(s.settingsSaved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.query.get('id')).toBe('1');
    expect(put?.body).toMatchObject({
      name: 'Amora Plus',
      member_resell: true,
      domain: 'amora.localhost',
      minimum_message_costs: { NL: { costs: 149, currency: 'EUR' } },
      fictional_warning: null,
      countries: ['NL', 'BE', 'GB'],
    });
  });

  it('refuses out-of-range values in the form, with the message, before asking the server', async () => {
    const calls = server();
    await open('settings');
    fireEvent.change(await screen.findByLabelText(s.fields.message_length), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(s.fields.support_email), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: s.saveSettings }));
    expect(await screen.findByText('A whole number from 20 to 10000.')).toBeTruthy();
    expect(screen.getByText(s.errors.email)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a host name the server finds taken on the domain field', async () => {
    server((call) =>
      call.path === 'site.php'
        ? apiError(409, 'site_domain_taken', 'Another site already uses this host name.', {
            fields: { domain: 'x.test' },
          })
        : undefined,
    );
    await open('settings');
    fireEvent.click(await screen.findByRole('button', { name: s.saveSettings }));
    expect(await screen.findByText('Another site already uses this host name.')).toBeTruthy();
    expect(screen.getByLabelText(s.fields.domain).getAttribute('aria-invalid')).toBe('true');
  });

  it('is read-only for support: fields disabled, nothing to save', async () => {
    server();
    await open('settings', 'support');
    // Inside the form's disabled fieldset every control is disabled.
    const name = await screen.findByLabelText(s.fields.name);
    expect((name.closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: s.saveSettings })).toBeNull();
    expect(screen.getByText(s.readOnly)).toBeTruthy();
  });
});

describe('packages', () => {
  it('edits a price in place and sends it in cents', async () => {
    const calls = server();
    await open('packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 50 credits' }));
    const eur = screen.getByLabelText('EUR');
    expect((eur as HTMLInputElement).value).toBe('19.95');
    fireEvent.change(eur, { target: { value: '21,95' } });
    fireEvent.change(screen.getByLabelText('Belgium'), { target: { value: '20.50' } });
    fireEvent.click(screen.getByRole('button', { name: s.packages.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.query.get('id')).toBe('7');
    expect(patch?.body).toMatchObject({ prices: { EUR: 2195, GBP: 1795 }, country_prices: { BE: 2050 } });
  });

  it('refuses a price out of range with the message, and sends nothing', async () => {
    const calls = server();
    await open('packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 50 credits' }));
    expect(screen.getByText('Bought 3 times, so it is kept. Switch it off to stop selling it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('EUR'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('GBP'), { target: { value: '100000.01' } });
    fireEvent.click(screen.getByRole('button', { name: s.packages.save }));
    const message = 'An amount from 0.01 to 100000, with at most two decimals.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('discount codes', () => {
  it('lists codes with their uses and creates one, upper-cased', async () => {
    const calls = server();
    await open('codes');
    const row = (await screen.findByText('AMORA10')).closest('tr') as HTMLElement;
    expect(within(row).getByText('4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: s.codes.new }));
    fireEvent.change(screen.getByLabelText(s.codes.code), { target: { value: 'summer-25' } });
    fireEvent.change(screen.getByLabelText(s.codes.percentage), { target: { value: '25' } });
    fireEvent.click(screen.getByLabelText('iDEAL'));
    fireEvent.change(screen.getByLabelText(s.codes.maxUses), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: s.codes.create }));
    expect(await screen.findByText('Code SUMMER-25 created. Members can use it now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      site_id: 1,
      code: 'SUMMER-25',
      value_percentage: 25,
      country: null,
      currency: null,
      minimum_order_value: 0,
      payment_methods: ['ideal'],
      expires: null,
      validity: 'once_per_user',
      max_uses: 100,
    });
  });

  it('shows an existing code on the code field; a percentage out of range is refused in the form', async () => {
    const calls = server((call) =>
      call.path === 'discount-codes.php'
        ? apiError(409, 'discount_code_exists', 'exists', { fields: { code: 'sites.errors.codeExists' } })
        : undefined,
    );
    await open('codes');
    fireEvent.click(await screen.findByRole('button', { name: s.codes.new }));
    fireEvent.change(screen.getByLabelText(s.codes.code), { target: { value: 'AMORA10' } });
    fireEvent.change(screen.getByLabelText(s.codes.percentage), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: s.codes.create }));
    expect(await screen.findByText(s.errors.percentage)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(s.codes.percentage), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: s.codes.create }));
    expect(await screen.findByText(s.errors.codeExists)).toBeTruthy();
  });

  it('switches a code off', async () => {
    const calls = server();
    await open('codes');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch off AMORA10' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'inactive' }),
    );
  });
});

describe('gifts', () => {
  it('shows the price on this site and adds a known gift', async () => {
    const calls = server();
    await open('gifts');
    const row = (await screen.findByText('Rose')).closest('tr') as HTMLElement;
    expect(within(row).getByText('5 credits')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(s.gifts.gift), { target: { value: 'cake' } });
    fireEvent.click(screen.getByRole('button', { name: s.gifts.add }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        slug: 'cake',
        credits: null,
        active: true,
        position: 50,
      }),
    );
  });
});
