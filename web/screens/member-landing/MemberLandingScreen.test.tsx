import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '../../../common/api/member';
import type { SiteSettings } from '../../../common/api/settings';
import type { CurrentUser } from '../../../common/api/user';
import { createQueryClient } from '../../api/query-client';
import { settingsKey } from '../../api/site';
import { userKey } from '../../api/user';
import { readSignupNext, storeSignupNext } from '../../state/signup-next';
import { storeTrackingFromUrl } from '../../state/tracking';
import { testI18n } from '../../test-i18n';
import { SignupForm } from '../signup/SignupForm';
import MemberLandingScreen from './MemberLandingScreen';
import { type Call, card, mockApi, SETTINGS, USER } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie = 'tracking=; max-age=0; path=/';
});

const JUNA: MemberProfile = {
  ...card(238, { name: 'Juna', age: 29, gender: 'female', region: 'Noord-Brabant', online: true }),
  relationship_status: 'single',
  hair_colour: 'red',
  reason: 'dating',
  about: 'Honest, a little spontaneous and a good listener.',
  photos: [
    { id: 1, thumb_filename: '/media/238-t1.webp', filename: '/media/238-1.webp', locked: false, main: true },
    {
      id: 2,
      thumb_filename: '/media/238-t2.webp',
      filename: '/media/238-t2.webp',
      locked: true,
      main: false,
    },
  ],
  liked: false,
  likes_you: false,
  match: false,
  own: false,
};

const VISIBLE: Partial<SiteSettings> = {
  visible_profile_fields: ['age', 'relationship_status', 'hair_colour', 'reason', 'interests'],
};

/** The member API as the server answers it: Juna exists, any other id is a 404. */
function memberApi(opts: { hidden?: boolean } = {}) {
  return (call: Call) => {
    if (call.url.pathname === '/api/member.php') {
      if (opts.hidden) return { status: 403, body: { error: 'authentication_required', message: 'Log in' } };
      if (call.url.searchParams.get('id') === '238') return { body: { profile: JUNA } };
      return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    }
    if (call.url.pathname === '/api/interests.php') return { body: { interests: [] } };
    if (call.url.pathname === '/api/signup.php' && call.method === 'POST')
      return { status: 201, body: { user: USER } };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  };
}

/** Where the app went: stands in for every screen but the landing. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p data-testid="elsewhere">{pathname}</p>;
}

async function open(
  url: string,
  opts: { user?: CurrentUser | null; settings?: Partial<SiteSettings>; signupPage?: boolean } = {},
) {
  const client = createQueryClient();
  client.setQueryData(settingsKey, { settings: { ...SETTINGS, ...VISIBLE, ...opts.settings } });
  client.setQueryData(userKey, { user: opts.user === undefined ? null : opts.user });
  const i18n = await testI18n();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {['landing', 'signup', 'landing2/:slug?', 'landing3/:slug?'].map((v) => (
              <Route key={v} path={`/members/:id/${v}`} element={<MemberLandingScreen />} />
            ))}
            {/* The /signup page of a phone (a modal on wide screens holds the same form). */}
            {opts.signupPage && <Route path="/signup" element={<SignupForm />} />}
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const where = () => screen.findByTestId('elsewhere').then((el) => el.textContent);

function fillSignup() {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'sam@example.test' } });
  fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Sam' } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
    target: { value: 'Zeilboot-op-het-IJ-31' },
  });
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-04-02' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up for free' }));
}

describe('a member landing, for a visitor', () => {
  it('shows the 404 page for an unknown member', async () => {
    const calls = mockApi(memberApi());
    await open('/members/999999/landing');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/member.php')).toHaveLength(1);
  });

  it('asks nothing for an id that is not a number, nor for a slug of no niche', async () => {
    const calls = mockApi(memberApi());
    await open('/members/abc/landing');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    await open('/members/238/landing3/unicorns-amsterdam');
    expect(await screen.findAllByRole('heading', { name: 'This page could not be found' })).toHaveLength(2);
    expect(calls.filter((c) => c.url.pathname === '/api/member.php')).toEqual([]);
  });

  it('landing: the big photo, name, age, region and own words; "Chat with" leads to signup, then the chat', async () => {
    const calls = mockApi(memberApi());
    storeTrackingFromUrl('/landers/gallery', '?network=mlnet&ref=r1');
    await open('/members/238/landing');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Juna, 29' });
    expect(heading).toBeTruthy();
    // The tracking network goes with the profile call (a network's rule may show more).
    expect(calls.find((c) => c.url.pathname === '/api/member.php')?.url.searchParams.get('network')).toBe(
      'mlnet',
    );
    const photo = screen.getByRole('img', { name: 'Photo of Juna' });
    expect(photo.getAttribute('src')).toBe('/media/238.jpg');
    expect(photo.getAttribute('width')).toBe('640');
    expect(screen.getByText('Noord-Brabant')).toBeTruthy();
    expect(screen.getByText('Online now')).toBeTruthy();
    expect(screen.getByText('Honest, a little spontaneous and a good listener.')).toBeTruthy();
    expect(screen.getByText('Red')).toBeTruthy();
    expect(screen.getByText('Dating')).toBeTruthy();

    const ctas = screen.getAllByRole('link', { name: 'Chat with Juna' });
    expect(ctas.map((a) => a.getAttribute('href'))).toEqual(['/signup', '/signup']);
    expect(readSignupNext()).toBeNull();
    fireEvent.click(ctas[0] as HTMLElement);
    expect(await where()).toBe('/signup');
    expect(readSignupNext()).toBe('/members/238/chat');
  });

  it('signup: the member card and the form in the page; signing up there leads to the chat', async () => {
    const calls = mockApi(memberApi());
    await open('/members/238/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up to chat with Juna' })).toBeTruthy();
    const cardEl = screen.getByRole('complementary', { name: 'About Juna' });
    expect(within(cardEl).getByText('Juna, 29')).toBeTruthy();
    expect(within(cardEl).getByRole('img', { name: 'Photo of Juna' })).toBeTruthy();
    fillSignup();
    expect(await where()).toBe('/members/238/chat');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/signup.php');
    expect(post?.body).toMatchObject({ email: 'sam@example.test', name: 'Sam' });
  });

  it('landing2: the profile with its photos, premium ones locked; leads through signup to the profile', async () => {
    mockApi(memberApi());
    await open('/members/238/landing2/milf-amsterdam');
    expect(await screen.findByRole('heading', { level: 1, name: 'Juna, 29' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2 photos of Juna' })).toBeTruthy();
    const tiles = screen.getAllByRole('img', { name: /^Photo \d of 2 of Juna$/ });
    expect(tiles.map((i) => i.getAttribute('src'))).toEqual(['/media/238-t1.webp', '/media/238-t2.webp']);
    expect(screen.getByText('Premium members see this photo')).toBeTruthy();
    // The cover is the slug's niche picture.
    expect(document.querySelector('.ml-cover img')?.getAttribute('src')).toBe('/hero/milf-1280.webp');
    const cta = screen.getAllByRole('link', { name: "View Juna's profile" })[0] as HTMLElement;
    fireEvent.click(cta);
    expect(await where()).toBe('/signup');
    expect(readSignupNext()).toBe('/members/238');
  });

  it('landing3: an honest invitation, no message from the member; leads through signup to the chat', async () => {
    mockApi(memberApi());
    await open('/members/238/landing3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Say hello to Juna' })).toBeTruthy();
    expect(screen.getByText('Your chat with Juna starts here')).toBeTruthy();
    // The only words in the chat are the visitor's own suggestion, marked as such.
    expect(screen.getByText('Your first message could be')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Write to Juna…' }));
    expect(await where()).toBe('/signup');
    expect(readSignupNext()).toBe('/members/238/chat');
  });

  it('after the CTA, the signup page sends the new member to the member, once', async () => {
    mockApi(memberApi());
    await open('/members/238/landing2', { signupPage: true });
    fireEvent.click((await screen.findAllByRole('link', { name: "View Juna's profile" }))[0] as HTMLElement);
    await screen.findByLabelText('E-mail address');
    fillSignup();
    expect(await where()).toBe('/members/238');
    expect(readSignupNext()).toBeNull();
  });

  it('where profiles are for members only: the niche, and signup that still leads to the member', async () => {
    mockApi(memberApi({ hidden: true }));
    await open('/members/238/landing', { settings: { niche: 6 } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confident women, real connections' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Juna/)).toBeNull();
    expect(screen.getByText(/go straight to the chat with the member who brought you here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign up free' }));
    expect(await where()).toBe('/signup');
    expect(readSignupNext()).toBe('/members/238/chat');
  });

  it('the signup landing keeps its form where the member is hidden', async () => {
    mockApi(memberApi({ hidden: true }));
    await open('/members/238/signup');
    expect(await screen.findByRole('heading', { name: 'Create your free account' })).toBeTruthy();
    fillSignup();
    expect(await where()).toBe('/members/238/chat');
  });
});

describe('a member landing, for a member already logged in', () => {
  it('goes straight to the chat, or from landing2 to the profile', async () => {
    const calls = mockApi(memberApi());
    await open('/members/238/landing', { user: USER });
    expect(await where()).toBe('/members/238/chat');
    await open('/members/238/landing2/gay', { user: USER });
    expect((await screen.findAllByTestId('elsewhere')).map((e) => e.textContent)).toContain('/members/238');
    expect(calls.filter((c) => c.url.pathname === '/api/member.php')).toEqual([]);
  });
});

describe('the signup form after a signup', () => {
  it('goes to /complete-signup when no member landing began it', async () => {
    mockApi(memberApi());
    await open('/signup', { signupPage: true });
    fillSignup();
    expect(await where()).toBe('/complete-signup');
  });

  it('never follows a kept path that is not a member profile or chat', async () => {
    mockApi(memberApi());
    storeSignupNext('/members/12/chat');
    window.sessionStorage.setItem('signup-next', 'https://evil.test/members/12');
    await open('/signup', { signupPage: true });
    fillSignup();
    expect(await where()).toBe('/complete-signup');
  });
});
