import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, type SETTINGS } from '../screens/transactions/test-support';
import { FictionalDisclosure } from './FictionalDisclosure';

afterEach(() => vi.unstubAllGlobals());

const DISCLOSING = {
  fictional_warning: 'Some profiles are run by our team.',
  fictional_singular: 'team profile',
  fictional_plural: 'team profiles',
  fictional_icon: '🎭',
};

async function show(element: ReactNode, settings: Partial<typeof SETTINGS>) {
  mockApi(() => ({ body: {} }));
  return renderAt('/credits', { path: '/credits', element }, { settings });
}

describe('the fictional-profile disclosure', () => {
  it('says nothing where the site has no fictional profiles', async () => {
    const { container } = await show(<FictionalDisclosure className="x" titled />, {
      ...DISCLOSING,
      fictional_warning: null,
    });
    expect(container.textContent).toBe('');
  });

  it("leads with the site's plural name, the icon hidden from screen readers, in the screen's own classes", async () => {
    await show(<FictionalDisclosure className="premium-disclosure" />, DISCLOSING);
    const notice = screen.getByRole('complementary', { name: 'team profiles' });
    expect(notice.className).toBe('premium-disclosure');
    expect(notice.textContent).toBe('🎭team profiles: Some profiles are run by our team.');
    const icon = notice.querySelector('.premium-disclosure-icon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(within(notice).queryByRole('heading')).toBeNull();
  });

  it('has neither name nor icon where the site gives none', async () => {
    await show(<FictionalDisclosure className="search-fictional" />, {
      fictional_warning: 'Some profiles are run by our team.',
    });
    const notice = screen.getByRole('complementary');
    expect(notice.getAttribute('aria-label')).toBeNull();
    expect(notice.textContent).toBe('Some profiles are run by our team.');
    expect(notice.querySelector('.search-fictional-icon')).toBeNull();
  });

  it('stands under a heading of its own before a purchase, with how the profiles are marked', async () => {
    await show(<FictionalDisclosure className="credits-fictional" titled />, DISCLOSING);
    const notice = screen.getByRole('complementary', { name: 'Good to know before you buy: team profiles' });
    const heading = within(notice).getByRole('heading', { level: 2 });
    expect(heading.className).toBe('credits-fictional-title');
    expect(notice.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(within(notice).getByText('Some profiles are run by our team.')).toBeTruthy();
    expect(within(notice).getByText('Marked on profiles with 🎭 (team profile).').className).toBe(
      'credits-fictional-mark',
    );
  });

  it('keeps the plain heading, and leaves the mark out, where the site names no kind of profile', async () => {
    await show(<FictionalDisclosure className="credits-fictional" titled />, {
      ...DISCLOSING,
      fictional_plural: null,
      fictional_singular: null,
    });
    const notice = screen.getByRole('complementary', { name: 'Good to know before you buy' });
    expect(notice.textContent).not.toContain('Marked on profiles');
  });
});
