import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../common/locales/en.json';
import { renderAt, USER } from '../screens/transactions/test-support';
import { OfflineNotice } from './OfflineNotice';

afterEach(() => vi.unstubAllGlobals());

const offline = () => vi.stubGlobal('navigator', { ...navigator, onLine: false });
const at = (user: typeof USER | null) =>
  renderAt('/', { path: '/', element: <OfflineNotice /> }, { user }).then(async (view) => {
    await act(async () => {});
    return view;
  });

describe('OfflineNotice (the offline shell and a visitor)', () => {
  it('says a visitor is offline, in a live region that was there before the text', async () => {
    offline();
    await at(null);
    expect(screen.getByRole('status').textContent).toBe(en.offlineNotice.text);
  });

  it('goes when the network is back', async () => {
    offline();
    await at(null);
    vi.unstubAllGlobals();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('leaves a logged-in member to the live part, which says it itself', async () => {
    offline();
    await at(USER);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says nothing online', async () => {
    await at(null);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
