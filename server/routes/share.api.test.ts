import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import { createMember, type TestApp, testApp } from '../test/app';
import { root } from '../test/db';
import { testImage } from '../test/photos';

/**
 * Link previews as a crawler reads them: the page's HTML, without running its JavaScript, and the
 * Open Graph and Twitter card tags in its head; then the image address, fetched without a session.
 */

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ webDir: path.join(root, 'server/test/web'), now: () => NOW });
});
afterAll(() => t?.close());

// A member the visitor may not see is not there (404, 410 once deleted): the page says so too.
const crawl = async (url: string, host = 'main.test', status = 200) => {
  const res = await t.app.inject({ url, headers: { host, 'user-agent': 'facebookexternalhit/1.1' } });
  expect(res.statusCode).toBe(status);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    meta.set(m[1] as string, (m[2] as string).replaceAll('&amp;', '&'));
  return meta;
};

/** A member whose main photo's bytes are stored, as an upload leaves them. */
async function withPhoto(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.db, { birthDate: '1994-03-02', ...input, photo: input.photo ?? {} });
  const bytes = await testImage('webp', { width: 64, height: 80 });
  await t.app.services.storage.put(m.photo?.originalKey as string, bytes);
  return m;
}

describe('link previews of member pages', () => {
  test("a member with an approved public main photo: name, age and the photo's absolute address, which loads without a session", async () => {
    const m = await withPhoto({ name: 'Sanne' });
    for (const page of [`/members/${m.id}`, `/members/${m.id}/landing`]) {
      const meta = await crawl(page);
      expect(meta.get('og:title')).toContain('Sanne, 32');
      expect(meta.get('og:type')).toBe('profile');
      expect(meta.get('og:url')).toMatch(new RegExp(`^https?://main\\.test(:\\d+)?${page}$`));
      const image = meta.get('og:image') as string;
      expect(image).toMatch(/^https?:\/\/main\.test(:\d+)?\/media\/o\/[0-9a-f]{24}\.webp$/);
      expect(meta.get('og:image:width')).toBe('800');
      expect(meta.get('twitter:card')).toBe('summary_large_image');
      expect(meta.get('twitter:image')).toBe(image);
      const url = new URL(image);
      const file = await t.app.inject({ url: url.pathname, headers: { host: url.host } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
  });

  test('an invisible member gets no image and no name: the page shows a visitor nothing of them', async () => {
    const m = await withPhoto({ name: 'Verborgen', invisible: true });
    const meta = await crawl(`/members/${m.id}`, 'main.test', 404);
    expect(meta.has('og:image')).toBe(false);
    expect(meta.get('twitter:card')).toBe('summary');
    expect([...meta.values()].join(' ')).not.toContain('Verborgen');
    expect(meta.get('og:title')).toBe('Main – test site');
  });

  test('a member hidden by reports or deleted gets no image and no name either', async () => {
    const hidden = await withPhoto({ name: 'Gemeld' });
    await t.db.update(members).set({ hiddenByReports: true }).where(eq(members.id, hidden.id));
    const deleted = await withPhoto({ name: 'Weg' });
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, deleted.id));
    for (const [m, status] of [
      [hidden, 404],
      [deleted, 410],
    ] as const) {
      const meta = await crawl(`/members/${m.id}`, 'main.test', status);
      expect(meta.has('og:image')).toBe(false);
      expect([...meta.values()].join(' ')).not.toContain(m.name);
    }
  });

  test('a premium-only main photo, or one not yet approved, is no share image; the name still shows', async () => {
    const premium = await withPhoto({ name: 'Premiumfoto', photo: { premium: true } });
    const pending = await withPhoto({ name: 'Wachtend', photo: { status: 'pending' } });
    for (const m of [premium, pending]) {
      const meta = await crawl(`/members/${m.id}`);
      expect(meta.get('og:title')).toContain(m.name);
      expect(meta.has('og:image')).toBe(false);
      expect(meta.has('twitter:image')).toBe(false);
      expect(meta.get('twitter:card')).toBe('summary');
    }
  });

  test('a site that shows visitors no profiles shares none of them', async () => {
    const m = await withPhoto({ name: 'Gesloten', domain: 'closed.test' });
    const meta = await crawl(`/members/${m.id}`, 'closed.test');
    expect(meta.has('og:image')).toBe(false);
    expect([...meta.values()].join(' ')).not.toContain('Gesloten');
  });
});

describe('link previews of landers', () => {
  test("a lander shows its niche's hero picture, which loads without a session", async () => {
    const meta = await crawl('/landers/gallery/milf-amsterdam');
    const image = meta.get('og:image') as string;
    expect(image).toMatch(/^https?:\/\/main\.test(:\d+)?\/hero\/milf-1280\.webp$/);
    expect(meta.get('og:image:height')).toBe('720');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('og:title')).toBe('Main – test site');
    const file = await t.app.inject({ url: new URL(image).pathname, headers: { host: 'main.test' } });
    expect(file.statusCode).toBe(200);
    // No slug: the site's own niche (main.test is plain).
    expect((await crawl('/landers/tinderswipe')).get('og:image')).toMatch(/\/hero\/plain-1280\.webp$/);
  });

  test('other pages carry the site’s title and description, without an image', async () => {
    const meta = await crawl('/pages/terms');
    expect(meta.get('og:title')).toBe('Main – test site');
    expect(meta.get('og:description')).toBe('The default test site.');
    expect(meta.has('og:image')).toBe(false);
  });
});
