import { describe, expect, it } from 'vitest';
import { prefetchFiles, prefetchScript } from './prefetch-files';
import type { Manifest } from './route-preloads';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_framework-b.js'],
    css: ['assets/index-c.css'],
  },
  '_framework-b.js': { file: 'assets/framework-b.js' },
  'screens/members/MembersScreen.tsx': {
    file: 'assets/MembersScreen-d.js',
    imports: ['_framework-b.js', 'index.html', '_ProfileCardView-e.js'],
    css: ['assets/MembersScreen-f.css'],
  },
  '_ProfileCardView-e.js': { file: 'assets/ProfileCardView-e.js', imports: ['index.html'] },
  'screens/login/LoginScreen.tsx': { file: 'assets/LoginScreen-g.js', imports: ['_ProfileCardView-e.js'] },
};

describe('the files of the screens opened next', () => {
  it("names each screen's own files, JavaScript and CSS, not the entry's", () => {
    expect(prefetchFiles(manifest)).toEqual({
      members: ['/assets/MembersScreen-f.css', '/assets/MembersScreen-d.js', '/assets/ProfileCardView-e.js'],
      login: ['/assets/LoginScreen-g.js', '/assets/ProfileCardView-e.js'],
    });
  });

  it('writes them into the page as a JSON block, and nothing without a build', () => {
    expect(prefetchScript(manifest)).toMatch(
      /^<script type="application\/json" id="prefetch-files">\{"members":\[/,
    );
    expect(prefetchScript(null)).toBe('');
  });
});
