import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import type { OwnProfile } from '../../../common/api/profile-edit';
import type { SearchResponse } from '../../../common/api/search';
import type { SiteSettings } from '../../../common/api/settings';
import type { CurrentUser } from '../../../common/api/user';
import { createQueryClient } from '../../api/query-client';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import Screen from './MembersScreen';

export const SETTINGS: SiteSettings = {
  countries: ['NL', 'BE'],
  name: 'Amora',
  index_title: 'Amora',
  description: '',
  visible_profile_fields: [],
  visible_profile_notes: true,
  geoip_country: 'NL',
  geoip_selected_country: 'NL',
  cdn_prefix: '',
  message_credits: 1,
  photo_credits: 2,
  gift_credits: 5,
  signup_credits: 3,
  message_length: 1000,
  minimum_message_costs: {},
  support_email: 'support@amora.test',
  support_phone: '',
  enable_site_entry_popup: 'no',
  push_public_key: null,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  domain: 'amora.test',
  domain_language: 'nl_NL',
  fictional_warning: null,
  fictional_singular: null,
  fictional_plural: null,
  fictional_icon: null,
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  member_resell: false,
  niche: 1,
  company_id: 1,
  company_address_variant: 'full',
  mail_name: 'Amora',
  time_zone: 'Europe/Amsterdam',
};

export function card(id: number, extra: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    name: `Member${id}`,
    age: 30,
    gender: 'male',
    country: 'NL',
    region: 'Noord-Holland',
    status: 'active',
    premium: false,
    online: false,
    fictional: false,
    main_image: {
      thumb_filename: `/media/${id}-thumb.jpg`,
      filename: `/media/${id}.jpg`,
      status: 'approved',
      match: `/media/${id}-match.jpg`,
      locked: false,
    },
    ...extra,
  };
}

export const page = (ids: number[], next: string | null, num: number | null = null): SearchResponse => ({
  profiles: ids.map((id) => card(id)),
  next_cursor: next,
  num_results: num,
});

export const OWN: OwnProfile = {
  id: 7,
  email: 'me@ex.test',
  name: 'Roos',
  gender: 'female',
  sexuality: 'hetero',
  birth_date: '1990-01-01',
  age: 35,
  relationship_status: null,
  hair_colour: null,
  eye_colour: null,
  body_type: null,
  tattoos: null,
  reason: null,
  about: '',
  country: 'NL',
  region: 'NL-NH',
  seeking_gender: 'male',
  seeking_min_age: 25,
  seeking_max_age: 40,
  interests: [],
};

export const USER: CurrentUser = {
  status: 'active',
  credits: 0,
  paid_user: false,
  signup_date: '2025-01-01T00:00:00Z',
  language: 'en',
  notifications_disabled: [],
  email_confirmed: true,
  profile: card(7, { name: 'Roos', gender: 'female' }),
};

type Answer = { status?: number; body: unknown };
export type Handler = (url: URL) => Answer | Promise<Answer>;

/** Replaces fetch: each call is recorded and answered by `handler` (by path and query). */
export function mockFetch(handler: Handler) {
  const calls: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://amora.test');
    calls.push(url);
    const { status = 200, body } = await handler(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const REGIONS = [
  { code: 'NL-NH', country: 'NL', name: 'Noord-Holland' },
  { code: 'NL-UT', country: 'NL', name: 'Utrecht' },
  { code: 'BE-VAN', country: 'BE', name: 'Antwerpen' },
];

/** The profile screen's stand-in: the browser's back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

/** The screen at /members with a profile route beside it, as the app mounts it. */
export async function renderScreen(
  opts: { user?: CurrentUser | null; settings?: Partial<SiteSettings> } = {},
) {
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: { ...SETTINGS, ...opts.settings } });
  client.setQueryData(userKey, { user: opts.user === undefined ? USER : opts.user });
  client.setQueryData(['regions'], { regions: REGIONS });
  const i18n = await testI18n();
  const utils = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/members']}>
          <Routes>
            <Route path="/members" element={<Screen />} />
            <Route path="/members/:id" element={<Back />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
