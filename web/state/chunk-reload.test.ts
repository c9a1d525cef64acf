import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, lazyImport, reloadForChunkError } from './chunk-reload';

beforeEach(() => window.localStorage.clear());

describe('chunk-load reload guard', () => {
  it('recognises the browsers’ chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads at most once per 60 s', () => {
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadForChunkError(t0, reload)).toBe(true);
    expect(reloadForChunkError(t0 + 59_999, reload)).toBe(false);
    expect(reloadForChunkError(t0 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without a network: the offline shell would only start again', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('passes other import errors through', async () => {
    const load = lazyImport(() => Promise.reject(new Error('syntax error in module')));
    await expect(load()).rejects.toThrow('syntax error in module');
  });
});
