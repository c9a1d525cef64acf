import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '../constants';

/**
 * One name per thing, in every language: each offer is called the same wherever it shows (banner,
 * modal, prices, premium page), and a member's reports are not named like their notifications.
 */

const dir = path.dirname(fileURLToPath(import.meta.url));
const catalog = (lng: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lng}.json`), 'utf8'));
const text = (c: unknown, key: string): string => {
  const v = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], c);
  if (typeof v !== 'string') throw new Error(`no text ${key}`);
  return v.toLowerCase();
};

/**
 * The words of a name, each cut to a stem that survives the language's endings ("bonus
 * powitalny" is "bonusu powitalnego" in the genitive, "tervetuliaisbonus" "tervetuliaisbonuksesi").
 */
const stems = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s:]+/)
    .filter((w) => w.length >= 4)
    .map((w) => w.slice(0, Math.max(4, w.length - 3)));

const OFFERS = {
  'time bonus': {
    name: 'timeBonus.banner.label',
    texts: [
      'timeBonus.banner.title',
      'timeBonus.modal.title',
      'credits.bonus.timeBonus',
      'premium.discount.timeBonus',
    ],
  },
  'welcome discount': {
    name: 'welcome.banner.label',
    texts: ['welcome.banner.title', 'credits.bonus.welcome', 'premium.discount.welcome'],
  },
};

describe.each(LOCALES)('%s', (lng) => {
  const c = catalog(lng);

  test.each(Object.entries(OFFERS))('the %s has one name everywhere it shows', (_, offer) => {
    const words = stems(text(c, offer.name));
    for (const key of offer.texts)
      for (const w of words) expect(text(c, key), `${key} names it ${text(c, offer.name)}`).toContain(w);
  });

  test('the two offers have names of their own', () => {
    expect(text(c, OFFERS['time bonus'].name)).not.toBe(text(c, OFFERS['welcome discount'].name));
  });

  test('my reports are not named like my notifications', () => {
    const notifications = text(c, 'settings.email.title');
    for (const key of ['reports.list.title', 'reports.dialog.myReports', 'reports.list.listLabel'])
      expect(text(c, key).split(/[\s,.:]+/), key).not.toContain(notifications);
  });
});
