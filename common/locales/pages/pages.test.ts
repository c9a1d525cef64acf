import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The values InfoPageScreen passes to every page; any other {{name}} would render as an empty gap.
const PLACEHOLDERS = [
  'site',
  'domain',
  'company',
  'address',
  'kvk',
  'vat',
  'email',
  'phone',
  'refundDays',
  'termsDate',
];
const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'service', 'returnPolicy'] as const;
// Every language's pages catalog in this folder (the 11 languages of the product).
const catalogs = Object.fromEntries(
  fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [path.basename(f, '.json'), JSON.parse(fs.readFileSync(path.join(__dirname, f), 'utf8'))]),
) as Record<string, Record<string, Record<string, string>>>;

const placeholdersIn = (text: string) => [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]);
const blocksOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
const headingsOf = (body: string) => blocksOf(body).filter((b) => b.startsWith('## '));

describe.each(Object.keys(catalogs))('pages catalog %s', (lng) => {
  const catalog = catalogs[lng] ?? {};

  it('has exactly the keys of the English catalog', () => {
    const shape = (c: Record<string, Record<string, string>>) =>
      Object.fromEntries(Object.entries(c).map(([page, keys]) => [page, Object.keys(keys).sort()]));
    expect(shape(catalog)).toEqual(shape(catalogs.en ?? {}));
    expect(Object.keys(catalog).sort()).toEqual([...PAGES].sort());
  });

  it.each(PAGES)('%s has a title and a body with enough sections', (page) => {
    const { title, body } = catalog[page] ?? {};
    expect(title?.trim()).toBeTruthy();
    expect(body?.trim()).toBeTruthy();
    const headings = headingsOf(body ?? '');
    if (page === 'faq') {
      expect(headings.length).toBeGreaterThanOrEqual(10);
      expect(headings.length).toBeLessThanOrEqual(14);
      for (const question of headings) expect(question).toMatch(/\?$/);
    } else {
      expect(headings.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses only the placeholders the info page supplies', () => {
    for (const [page, keys] of Object.entries(catalog))
      for (const [key, text] of Object.entries(keys))
        for (const name of placeholdersIn(text))
          expect(PLACEHOLDERS, `${lng} ${page}.${key} uses {{${name}}}`).toContain(name);
  });

  it('dates the terms with {{termsDate}} and names the refund period where it promises one', () => {
    expect(placeholdersIn(catalog.terms?.version ?? '')).toContain('termsDate');
    expect(placeholdersIn(catalog.returnPolicy?.body ?? '')).toContain('refundDays');
    expect(placeholdersIn(catalog.privacy?.body ?? '')).toEqual(
      expect.arrayContaining(['company', 'address']),
    );
  });

  it('writes bodies in the plain format RichText renders, without markup', () => {
    for (const page of PAGES) {
      const body = catalog[page]?.body ?? '';
      expect(body, `${lng} ${page}`).not.toMatch(/<[a-z/]|\*\*|\]\(|^#(?!# )/im);
      for (const block of blocksOf(body)) {
        const lines = block.split('\n');
        // A block that mixes list and prose lines would render its "- " items as paragraph text.
        const items = lines.filter((l) => l.startsWith('- ')).length;
        expect(items === 0 || items === lines.length, `${lng} ${page}: ${block.slice(0, 60)}`).toBe(true);
        if (block.startsWith('## ')) expect(lines, `${lng} ${page}: heading on one line`).toHaveLength(1);
        // RichText keys list items by their text, so an item may not repeat within its list.
        if (items > 0) expect(new Set(lines).size).toBe(lines.length);
      }
    }
  });
});

describe.each(Object.keys(catalogs).filter((l) => l !== 'en'))('%s pages against English', (lng) => {
  const en = catalogs.en ?? {};
  it('name the same facts in each text', () => {
    for (const page of PAGES)
      for (const key of Object.keys(en[page] ?? {})) {
        const names = (l: string) => [...new Set(placeholdersIn(catalogs[l]?.[page]?.[key] ?? ''))].sort();
        expect(names(lng), `${page}.${key}`).toEqual(names('en'));
      }
  });

  it('have as many sections', () => {
    for (const page of PAGES)
      expect(headingsOf(catalogs[lng]?.[page]?.body ?? '').length, page).toBe(
        headingsOf(en[page]?.body ?? '').length,
      );
  });
});

it('covers the 11 languages', () => {
  expect(Object.keys(catalogs).sort()).toEqual([
    'da',
    'de',
    'en',
    'es',
    'fi',
    'fr',
    'it',
    'nb',
    'nl',
    'pl',
    'sv',
  ]);
});
