import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '../constants';

/**
 * Every catalog has what English has: each key, each {{placeholder}}, and the plural forms its own
 * language needs (Intl's plural rules, the same CLDR data i18next picks forms with). A missing key
 * would show the Dutch fallback or a raw key; a missing placeholder would drop a name or a number.
 */

const dir = path.dirname(fileURLToPath(import.meta.url));
const NAMESPACES = {
  translation: dir,
  pages: path.join(dir, 'pages'),
  admin: path.join(dir, 'admin'),
  server: path.join(dir, 'server'),
} as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function load(folder: string, lng: string): Flat | null {
  const file = path.join(folder, `${lng}.json`);
  if (!fs.existsSync(file)) return null;
  const flat: Flat = new Map();
  const walk = (node: unknown, prefix: string) => {
    if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else flat.set(prefix, node);
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')), '');
  return flat;
}

const placeholders = (text: unknown) =>
  new Set([...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1] as string));

const sorted = (s: Set<string>) => [...s].sort();

/** Keys of English that are plural forms, grouped by their base key. */
function pluralBases(en: Flat): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of en.keys()) {
    const m = key.match(PLURAL_SUFFIX);
    if (!m) continue;
    const base = key.slice(0, -m[0].length);
    if (!en.has(`${base}_other`)) continue;
    bases.set(base, [...(bases.get(base) ?? []), m[1] as string]);
  }
  return bases;
}

const pluralCategories = (lng: string) =>
  new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];

for (const [ns, folder] of Object.entries(NAMESPACES)) {
  const en = load(folder, 'en');
  if (!en) continue;
  const bases = pluralBases(en);
  const isPluralForm = (key: string) => {
    const m = key.match(PLURAL_SUFFIX);
    return m ? bases.has(key.slice(0, -m[0].length)) : false;
  };

  describe(`${ns} catalogs`, () => {
    test.each([...LOCALES])('%s exists and has only non-empty strings', (lng) => {
      const catalog = load(folder, lng);
      expect(catalog, `${ns}/${lng}.json`).not.toBeNull();
      for (const [key, value] of catalog ?? []) {
        expect(typeof value, `${lng}: ${key}`).toBe('string');
        expect(String(value).trim(), `${lng}: ${key} is empty`).not.toBe('');
      }
    });

    test.each([...LOCALES])('%s has every key of en and no other', (lng) => {
      const catalog = load(folder, lng) ?? new Map();
      const missing = [...en.keys()].filter((k) => !isPluralForm(k) && !catalog.has(k));
      const extra = [...catalog.keys()].filter((k) => !en.has(k) && !isPluralForm(k));
      expect(missing, `${lng} lacks`).toEqual([]);
      expect(extra, `${lng} has keys en lacks`).toEqual([]);
    });

    test.each([...LOCALES])('%s has the plural forms its language needs, and only those', (lng) => {
      const catalog = load(folder, lng) ?? new Map();
      const needed = pluralCategories(lng);
      for (const [base, enForms] of bases) {
        // `_zero` is i18next's optional form for a count of 0, kept when English has it.
        const expected = new Set([...needed, ...(enForms.includes('zero') ? ['zero'] : [])]);
        const present = [...catalog.keys()]
          .filter(
            (k) =>
              k.startsWith(`${base}_`) && PLURAL_SUFFIX.test(k) && k.slice(base.length + 1).match(/^\w+$/),
          )
          .map((k) => k.slice(base.length + 1));
        expect(present.sort(), `${lng}: ${base}`).toEqual([...expected].sort());
      }
    });

    test.each([...LOCALES])('%s uses the same {{placeholders}} as en', (lng) => {
      const catalog = load(folder, lng) ?? new Map();
      for (const [key, value] of en) {
        if (isPluralForm(key) || !catalog.has(key)) continue;
        expect(sorted(placeholders(catalog.get(key))), `${lng}: ${key}`).toEqual(sorted(placeholders(value)));
      }
      for (const [base, enForms] of bases) {
        const allowed = new Set(enForms.flatMap((f) => [...placeholders(en.get(`${base}_${f}`))]));
        for (const form of pluralCategories(lng)) {
          const key = `${base}_${form}`;
          if (!catalog.has(key)) continue;
          const used = placeholders(catalog.get(key));
          // A singular form may say "one" instead of {{count}}; every other value must be there.
          const required = form === 'other' ? allowed : new Set([...allowed].filter((p) => p !== 'count'));
          expect(
            sorted(used).filter((p) => !allowed.has(p)),
            `${lng}: ${key} uses placeholders en lacks`,
          ).toEqual([]);
          expect(
            sorted(required).filter((p) => !used.has(p)),
            `${lng}: ${key} drops placeholders`,
          ).toEqual([]);
        }
      }
    });
  });
}

describe('fixed product texts are verbatim', () => {
  const nl = new Map([...(load(dir, 'nl') ?? []), ...(load(NAMESPACES.server, 'nl') ?? [])]);
  const en = load(dir, 'en') ?? new Map();

  test.each([
    ['entryWarning.title', 'Belangrijke informatie'],
    ['error.internal', 'Er is een fout opgetreden, probeer het later opnieuw.'],
  ])('nl %s', (key, text) => {
    expect(nl.get(key)).toBe(text);
  });

  test.each([
    ['error.default', 'Error'],
    ['error.pageNotFound', 'This page could not be found'],
    ['error.backHome', 'Back to the home page'],
    ['error.errorPageFailed', 'An error occurred while showing the error page'],
    ['error.goBackHome', 'Go back to home'],
  ])('en %s', (key, text) => {
    expect(en.get(key)).toBe(text);
  });

  // These Dutch texts are fixed word for word; the capabilities that show them add them later. Where a
  // Dutch string starts like one of them, it must be that exact text (placeholder names aside).
  const QUOTED: [start: string, text: string][] = [
    ['Je profielnaam', 'Je profielnaam moet anders zijn dan je e-mailadres'],
    ['Vul uw geboortedatum', 'Vul uw geboortedatum in ({{}}+ jaar)'],
    ['Ongeldige geboortedatum', 'Ongeldige geboortedatum.'],
    ['Ongeldige e-mail', 'Ongeldige e-mail'],
    ['Dit e-mailadres heeft al', 'Dit e-mailadres heeft al een account op deze site.'],
    ['De opgegeven wachtwoorden', 'De opgegeven wachtwoorden zijn niet gelijk.'],
    ['Code ongeldig', 'Code ongeldig'],
    ['Login mislukt', 'Login mislukt, probeer opnieuw'],
    ['Link verlopen', 'Link verlopen of invalid, vraag een nieuwe e-mail aan'],
    ['Activeren mislukt', 'Activeren mislukt'],
  ];
  const normal = (s: string) => s.replace(/\{\{[^}]*\}\}/g, '{{}}');

  test.each(QUOTED)('nl, where present: %s…', (start, quote) => {
    for (const [key, value] of nl) {
      const text = normal(String(value));
      if (text.startsWith(start)) expect(text.startsWith(quote), `nl ${key}: ${text}`).toBe(true);
    }
  });
});
