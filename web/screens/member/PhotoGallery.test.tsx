import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '../../../common/api/member';
import { testI18n } from '../../test-i18n';
import { PhotoGallery } from './PhotoGallery';

const profile: MemberProfile = {
  id: 7,
  name: 'Lotte',
  age: 31,
  gender: 'female',
  country: 'NL',
  region: null,
  status: 'active',
  premium: false,
  online: false,
  fictional: false,
  main_image: null,
  photos: [
    { id: 1, thumb_filename: '/media/o/t1.webp', filename: '/media/o/f1.webp', locked: false, main: false },
    { id: 2, thumb_filename: '/media/b/b2.webp', filename: '/media/b/b2.webp', locked: true, main: true },
  ],
  liked: false,
  likes_you: false,
  match: false,
  own: false,
};

async function renderGallery(visitor: boolean, onLocked = vi.fn()) {
  const i18n = await testI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PhotoGallery profile={profile} visitor={visitor} onLockedByVisitor={onLocked} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return onLocked;
}

describe('the photo overview', () => {
  it('leads with the main photo; a locked one shows blurred with the premium lock and the way to premium', async () => {
    await renderGallery(false);
    const main = screen.getByRole('button', { name: 'Open photo 1 of 2' });
    expect(main.querySelector('img')?.getAttribute('src')).toBe('/media/b/b2.webp');
    expect(main.textContent).toContain('Premium members see this photo');
    expect(screen.getByRole('link', { name: 'Get premium' }).getAttribute('href')).toBe('/premium');
    const second = screen.getByRole('button', { name: 'Open photo 2 of 2' });
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/media/o/f1.webp');
  });

  it('steps between the photos with the arrow buttons, and the dots follow', async () => {
    await renderGallery(false);
    const dots = () => [...document.querySelectorAll('.member-dots [aria-hidden]')].map((d) => d.className);
    expect(dots()).toEqual(['is-current', '']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(dots()).toEqual(['', 'is-current']);
    expect(screen.getByText('Photo 2 of 2')).toBeTruthy();
  });

  it('a visitor tapping a locked photo is asked to log in; an open one opens', async () => {
    const onLocked = await renderGallery(true);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1 of 2' }));
    expect(onLocked).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 of 2' }));
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog.member-lightbox img')?.getAttribute('src')).toBe(
      '/media/o/f1.webp',
    );
  });
});
