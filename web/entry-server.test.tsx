// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CompanyInfoResponse } from '../common/api/company';
import en from '../common/locales/en.json';
import nl from '../common/locales/nl.json';
import pagesEn from '../common/locales/pages/en.json';
import { render, type SsrInput } from './entry-server';
import { SETTINGS } from './screens/members/test-support';

/**
 * The server's drawing of a lander goes by the same tracking values as the browser that takes it
 * over (web/state/tracking.ts): the address's, else those the visitor brought on an earlier page.
 * Its screens ask for their members with that network, and the drawn state carries that key.
 */
const COMPANY: CompanyInfoResponse = {
  company: {
    name: 'Amora Media B.V.',
    address: 'Keizersgracht 123',
    postal_code: '1015 CJ',
    kvk: '81234567',
    city: 'Amsterdam',
    country: 'Nederland',
    tradenames: ['Amora'],
    vat_numbers: ['NL862345678B01'],
    support_phone: '020 - 123 45 67',
    delete_discount: 50,
    added: '2024-03-15T09:00:00Z',
  },
};

function input(url: string, trackingCookie?: string): SsrInput {
  return {
    url,
    locale: 'en',
    catalogs: { en: { translation: en, pages: pagesEn }, nl: { translation: nl } },
    queries: [
      [['settings'], { settings: SETTINGS }],
      [['companyinfo'], COMPANY],
      [['user'], { user: null }],
    ],
    trackingCookie,
  };
}

const showcaseNetwork = async (url: string, cookie?: string) =>
  (await render(input(url, cookie))).missing.find((key) => key[0] === 'showcase')?.[1];

describe("the server's drawing of a lander", () => {
  it('asks for the members of the network its address names', async () => {
    expect(await showcaseNetwork('/landers/gallery?network=testnet&sub1=abc')).toBe('testnet');
  });

  it('asks for the members of the network the visitor came with on an earlier page', async () => {
    const remembered = JSON.stringify({ network: 'testnet', sub1: 'abc', landing: '/landers/gallery' });
    expect(await showcaseNetwork('/landers/tinderswipe', remembered)).toBe('testnet');
    // A new source in the address replaces the remembered one, as the browser stores it.
    expect(await showcaseNetwork('/landers/tinderswipe?network=other', remembered)).toBe('other');
  });

  it('asks without a network for a visitor who brought none (or an unreadable cookie)', async () => {
    expect(await showcaseNetwork('/landers/gallery')).toBeNull();
    expect(await showcaseNetwork('/landers/gallery', '{not json')).toBeNull();
  });
});

describe('the pages visitors land on, drawn on the server', () => {
  // What a page's screens ask the API for is answered by the server (server/infra/ssr/ssr.ts) and
  // drawn again; here each is drawn with what the first drawing found missing left unanswered.
  for (const url of ['/', '/members', '/members/7', '/pages/faq', '/terms', '/login', '/signup']) {
    it(`${url}: drawn whole, nothing left to the browser`, async () => {
      const drawn = await render(input(url));
      expect(drawn.errors.map(String)).toEqual([]);
      expect(drawn.html).toContain('<main');
      expect(drawn.html).not.toMatch(/\b(home|members|login|faq)\.[a-z]+\.[a-zA-Z.]+/);
    });
  }

  it('the search starts with its first page of members asked for, for a visitor', async () => {
    const drawn = await render(input('/members'));
    expect(drawn.missing.map((key) => key[0])).toContain('member-search');
  });
});
