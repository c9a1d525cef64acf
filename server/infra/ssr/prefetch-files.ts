import { LIKELY_SCREENS, type LikelyScreen, PREFETCH_FILES_ID } from '../../../common/rules/likely-screens';
import type { Manifest } from './route-preloads';

/**
 * The built files (JavaScript and CSS) of each screen a visitor is likely to open next, beyond what
 * the page's entry loads anyway. Only the server knows the files' hashed names (the browser would
 * have to run the screens' modules to learn them); the page fetches them after its load event as
 * `<link rel="prefetch">` (web/state/prefetch.ts), so they are cached but not run.
 */
export function prefetchFiles(manifest: Manifest): Partial<Record<LikelyScreen, string[]>> {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, inEntry);
  const files: Partial<Record<LikelyScreen, string[]>> = {};
  for (const [name, module] of Object.entries(LIKELY_SCREENS) as [LikelyScreen, string][]) {
    if (!manifest[module]) continue;
    const own = [...closure(module)].filter((key) => !inEntry.has(key));
    files[name] = [
      ...new Set(own.flatMap((key) => [...(manifest[key]?.css ?? []), manifest[key]?.file ?? ''])),
    ]
      .filter(Boolean)
      .map((file) => `/${file}`);
  }
  return files;
}

/** The page's JSON block with those files (none without a build). */
export function prefetchScript(manifest: Manifest | null): string {
  if (!manifest) return '';
  const json = JSON.stringify(prefetchFiles(manifest)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PREFETCH_FILES_ID}">${json}</script>`;
}
