import i18next from 'i18next';
import { CHUNK_RELOAD_GUARD_MS } from '../../common/constants';
import { CATALOG_PARTS } from '../../common/locales/parts';
import { trackPending } from './pending';
import { safeStorage } from './storage';

const KEY = 'chunk-reload-at';

export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a deploy, an old page may ask for a chunk that no longer exists. Reload once
 * to get the new build, but at most once per minute so a real outage does not loop.
 * Returns true when a reload was started.
 */
export function reloadForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  // Offline, a reload cannot bring a newer build: the offline shell would only start again.
  if (!navigator.onLine) return false;
  const last = Number(safeStorage.get(KEY)) || 0;
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  safeStorage.set(KEY, String(now));
  reload();
  return true;
}

/**
 * Wraps a lazy import: the progress bar shows while it loads, and a chunk-load failure reloads
 * the page (guarded) instead of failing.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    trackPending(load()).catch((err: unknown) => {
      if (isChunkLoadError(err) && reloadForChunkError()) return new Promise<T>(() => {});
      throw err;
    });
}

/**
 * The screens' part of the catalog (common/locales/parts.ts) in the page's languages. Resolves at
 * once where the page's i18next has no catalogs to fetch (the server's drawing, component tests);
 * fails when it could not be fetched (i18next has tried again meanwhile), so that the error page
 * shows instead of a screen of raw keys.
 */
async function screenTexts(): Promise<void> {
  if (!i18next.isInitialized) return;
  const ns = CATALOG_PARTS[1];
  await i18next.loadNamespaces(ns);
  if (!i18next.hasLoadedNamespace(ns)) throw new Error(`catalog ${ns}/${i18next.language}: not loaded`);
}

/**
 * lazyImport for a screen (or a layout or app that renders screens): it renders only once its
 * texts are there too, fetched in parallel with its chunk, so that no raw key shows for a frame.
 */
export function lazyScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return lazyImport(() => Promise.all([load(), screenTexts()]).then(([module]) => module));
}
