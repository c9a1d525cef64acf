import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { testI18n } from '../../test-i18n';
import { RouteError, SafeErrorPage } from './ErrorPage';

async function renderWithI18n(node: React.ReactNode) {
  const i18n = await testI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('error page', () => {
  it('shows the not-found text and a link home for 404', async () => {
    await renderWithI18n(<SafeErrorPage status={404} />);
    expect(screen.getByRole('heading').textContent).toBe('This page could not be found');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it("shows the error's message, or 'Error'; errors without a status are 500", async () => {
    await renderWithI18n(<RouteError error={new Error('boom')} />);
    expect(screen.getByRole('heading').textContent).toBe('Error');
    expect(screen.getByText('500')).toBeTruthy();
  });

  it('shows the message of an API error with its status', async () => {
    await renderWithI18n(
      <RouteError error={new ApiError(403, { error: 'blocked', message: 'You were blocked' })} />,
    );
    expect(screen.getByRole('heading').textContent).toBe('You were blocked');
  });

  it('falls back when showing the error page itself fails', async () => {
    const i18n = await testI18n();
    // No router: the page's <Link> throws, as a broken error page would.
    const original = console.error;
    console.error = () => {};
    render(
      <I18nextProvider i18n={i18n}>
        <SafeErrorPage status={404} />
      </I18nextProvider>,
    );
    console.error = original;
    expect(screen.getByRole('heading').textContent).toBe('An error occurred while showing the error page');
    expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
  });
});
