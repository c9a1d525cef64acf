import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES, screenModulesOf } from './screen-modules';

const read = (file: string) => fs.readFileSync(new URL(`../../../web/${file}`, import.meta.url), 'utf8');
const table = read('screen-table.ts');

/** The module web/screen-table.ts renders at a path: its lazy import, or the alias's. */
function tableModule(pattern: string): string | undefined {
  const at = new RegExp(
    `path: '${pattern.replace(/[?]/g, '\\?')}',((?:(?!path:)[\\s\\S])*?)Screen: ([^,}\\n]+)`,
  );
  const entry = at.exec(table)?.[2];
  if (!entry) return undefined;
  const inline = /import\('\.\/([^']+)'\)/.exec(entry)?.[1];
  if (inline) return `${inline}.tsx`;
  const alias = new RegExp(`const ${entry.trim()} = screen\\(\\(\\) => import\\('\\./([^']+)'\\)\\)`).exec(
    table,
  )?.[1];
  return alias ? `${alias}.tsx` : undefined;
}

describe('the screen modules a page names in its head', () => {
  for (const [pattern, modules] of SCREEN_MODULES)
    it(`${pattern}: ${modules.join(' → ')}, as the route table renders it`, () => {
      const [first, ...inside] = modules.filter((m) => !m.startsWith('layouts/'));
      expect(tableModule(pattern)).toBe(first);
      // An area (payments, account) imports its screens itself.
      for (const m of inside)
        expect(read(first as string)).toContain(
          `import('./${m.replace(/^screens\//, '').replace(/\.tsx$/, '')}')`,
        );
      for (const m of modules)
        expect(fs.existsSync(new URL(`../../../web/${m}`, import.meta.url))).toBe(true);
    });

  it('finds a page by its address', () => {
    expect(screenModulesOf('/members/12')).toEqual(['screens/member/MemberProfileScreen.tsx']);
    expect(screenModulesOf('/members')).toEqual(['screens/members/MembersScreen.tsx']);
    expect(screenModulesOf('/credits')).toEqual([
      'screens/payments-area.tsx',
      'screens/credits/CreditsScreen.tsx',
    ]);
    expect(screenModulesOf('/admin/members')).toEqual([]);
  });
});
