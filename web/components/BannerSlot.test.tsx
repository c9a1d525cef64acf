import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../common/locales/en.json';
import { mockApi, renderAt, USER } from '../screens/transactions/test-support';
import { refreshPushState } from '../state/push';
import { fakeBrowser, KEY } from '../state/push-test-support';
import BannerSlot from './BannerSlot';

beforeEach(() => {
  vi.stubEnv('PROD', true);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const PHOTO = {
  thumb_filename: '/p-thumb.jpg',
  filename: '/p.jpg',
  status: 'approved',
  match: '',
  locked: false,
} as const;
/** A paid member (no offers) with a photo, activated: only push could want the slot. */
const SETTLED: typeof USER = {
  ...USER,
  paid_user: true,
  credits: 40,
  profile: { ...USER.profile, main_image: PHOTO },
};

/** The member's chats and likes as the server answers them. */
function answers(opts: { unread?: number; match?: boolean }) {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/chats.php')
      return { body: { chats: opts.unread ? [{ id: 1, num_unread_messages: opts.unread }] : [] } };
    if (url.pathname === '/api/likes.php')
      return {
        body: {
          profiles: [],
          liked_by: opts.match ? [{ id: 9, like_new: false }] : [],
          likes: opts.match ? [9] : [],
        },
      };
    return { body: null };
  });
}

async function slotAt(path: string, user: typeof USER) {
  fakeBrowser({ permission: 'default', answer: 'granted' });
  await refreshPushState(KEY);
  const view = await renderAt(
    path,
    { path, element: <BannerSlot /> },
    { user, settings: { push_public_key: KEY } },
  );
  // The lazy banners and the member's chats and likes come in.
  for (let i = 0; i < 5; i++) await act(async () => {});
  return view;
}

const slot = (view: { container: HTMLElement }) =>
  view.container.querySelector('.banner-slot') as HTMLElement;

describe('the banner slot', () => {
  it('asks for push on arrival never: a member without a match or a message gets no push alert', async () => {
    answers({});
    const view = await slotAt('/members', SETTLED);
    expect(screen.queryByText(en.pushAlert.text, { exact: false })).toBeNull();
    expect(slot(view).children).toHaveLength(0);
  });

  it('asks for push once someone wrote, and says so first', async () => {
    answers({ unread: 2 });
    await slotAt('/members', SETTLED);
    expect(await screen.findByText(en.pushAlert.afterMessage)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.pushAlert.enable })).toBeTruthy();
  });

  it('asks for push after a match', async () => {
    answers({ match: true });
    await slotAt('/members', SETTLED);
    expect(await screen.findByText(en.pushAlert.afterMatch)).toBeTruthy();
  });

  it('keeps asking on later screens once the moment came, even when the message was read', async () => {
    answers({ unread: 1 });
    const first = await slotAt('/members', SETTLED);
    expect(await screen.findByText(en.pushAlert.afterMessage)).toBeTruthy();
    first.unmount();
    answers({});
    await slotAt('/likes', SETTLED);
    expect(await screen.findByText(en.pushAlert.afterMessage)).toBeTruthy();
  });

  it('shows one banner: the unconfirmed e-mail over the missing photo and push', async () => {
    answers({ unread: 1 });
    const fresh = {
      ...USER,
      paid_user: true,
      status: 'not_confirmed',
      profile: { ...USER.profile, status: 'disabled', main_image: null },
    };
    const view = await slotAt('/members', fresh as typeof USER);
    expect(await screen.findByText(en.accountMail.reminder.title)).toBeTruthy();
    expect(screen.queryByText(en.photoAlert.text)).toBeNull();
    expect(screen.queryByText(en.pushAlert.afterMessage)).toBeNull();
    expect(slot(view).children).toHaveLength(1);
  });
});
