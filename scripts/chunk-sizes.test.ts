import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ROUTE_CSS_BUDGET_GZIP, FIRST_ROUTE_JS_BUDGET_GZIP } from '../common/constants';
// @ts-expect-error plain ESM script without types
import { distDir, firstRouteSizes, holdsZod, staticFiles } from './chunk-sizes.mjs';

// Runs against the production build that `npm test` makes before Vitest.
describe('first route budget', () => {
  it('has a build to measure', () => {
    expect(fs.existsSync(path.join(distDir, '.vite/manifest.json')), 'run `npm run build` first').toBe(true);
  });

  it('keeps the JavaScript of / under 120 KB and its CSS under 20 KB gzip', () => {
    const sizes = firstRouteSizes();
    expect(sizes.jsFiles.length).toBeGreaterThan(1);
    expect(sizes.js).toBeLessThanOrEqual(FIRST_ROUTE_JS_BUDGET_GZIP);
    expect(sizes.css).toBeLessThanOrEqual(FIRST_ROUTE_CSS_BUDGET_GZIP);
  });

  it('loads no catalog as JavaScript and no other screen on the first route', () => {
    const { jsFiles } = firstRouteSizes();
    expect(jsFiles.some((f: string) => /InfoPageScreen|LangConfigScreen/.test(f))).toBe(false);
    expect(jsFiles.some((f: string) => /\/(en|nl|de)-[\w-]+\.js$/.test(f))).toBe(false);
  });

  it('loads no zod with the search, likes, member profile, chats and home screens', () => {
    // Validation belongs to forms and their dialogs, which load when opened: these screens only show.
    for (const screen of [
      'screens/members/MembersScreen.tsx',
      'screens/likes/LikesScreen.tsx',
      'screens/member/MemberProfileScreen.tsx',
      'screens/chats/ChatsScreen.tsx',
      'screens/home/HomeScreen.tsx',
    ]) {
      const { js } = staticFiles([screen]);
      expect(js.length, screen).toBeGreaterThan(0);
      expect(js.filter(holdsZod), screen).toEqual([]);
    }
  });
});
