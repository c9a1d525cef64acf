import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../common/locales/en.json';
import { testI18n } from '../test-i18n';
import { ConnectionStatus } from './ConnectionStatus';

let i18n: Awaited<ReturnType<typeof testI18n>>;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const view = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ConnectionStatus />
    </I18nextProvider>,
  );

describe('ConnectionStatus', () => {
  it('says nothing during a quick (re)connect, "reconnecting" once it takes a few seconds', () => {
    vi.useFakeTimers();
    view();
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1_000));
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(2_500));
    expect(region.textContent).toBe(en.realtime.reconnecting);
  });

  it('says "offline" at once when the browser has no network', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    view();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe(en.realtime.offline);
  });
});
