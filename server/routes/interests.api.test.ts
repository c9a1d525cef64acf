import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCALES } from '../../common/constants';
import { type TestApp, testApp } from '../test/app';
import { root } from '../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

type Interest = { id: number; slug: string; icon: string; label: string };

/** The label a catalog gives an interest, read straight from the file the translators edit. */
function catalogLabel(lng: string, slug: string): string | undefined {
  const file = path.join(root, 'common/locales', `${lng}.json`);
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8'));
  return catalog.interest?.[slug];
}

async function interests(query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    url: `/api/interests.php${query}`,
    headers: { host: 'main.test', ...headers },
  });
  return { res, list: res.json().interests as Interest[] };
}

describe('GET /api/interests.php', () => {
  test('gives the 50 interests, each with an id, a slug, an icon and a label', async () => {
    const { res, list } = await interests('?lang=en');
    expect(res.statusCode).toBe(200);
    expect(list).toHaveLength(50);
    expect(new Set(list.map((i) => i.id)).size).toBe(50);
    expect(new Set(list.map((i) => i.slug)).size).toBe(50);
    for (const i of list) {
      expect(i.icon.trim(), i.slug).not.toBe('');
      expect(i.label.trim(), i.slug).not.toBe('');
      expect(i.label, i.slug).not.toContain('interest.');
    }
    expect(list.map((i) => i.slug)).toEqual(
      expect.arrayContaining(['adventure', 'sushi', 'wine', 'video_games']),
    );
  });

  test.each(LOCALES)('labels them in the language asked for: %s', async (lng) => {
    const { res, list } = await interests(`?lang=${lng}`);
    expect(res.statusCode).toBe(200);
    for (const i of list) expect(i.label, `${lng} ${i.slug}`).toBe(catalogLabel(lng, i.slug));
  });

  test('follows the locale cookie, then the site language, when no language is asked for', async () => {
    const english = await interests('', { cookie: 'i18n_locale=en' });
    expect(english.list.find((i) => i.slug === 'cooking')?.label).toBe(catalogLabel('en', 'cooking'));
    // main.test's domain_language is nl_NL.
    const dutch = await interests('');
    expect(dutch.list.find((i) => i.slug === 'cooking')?.label).toBe(catalogLabel('nl', 'cooking'));
    expect(catalogLabel('nl', 'cooking')).not.toBe(catalogLabel('en', 'cooking'));
  });

  test('an unknown language gets 400', async () => {
    const res = await t.app.inject({ url: '/api/interests.php?lang=xx', headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', fields: { lang: expect.any(String) } });
  });
});
