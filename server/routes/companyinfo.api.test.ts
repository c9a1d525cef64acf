import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const company = async (host: string) => {
  const res = await t.app.inject({ url: '/api/companyinfo.php', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json().company;
};

describe('GET /api/companyinfo.php', () => {
  test('gives every field of the company info for the company of the site the request is for', async () => {
    const c = await company('main.test');
    expect(c).toEqual({
      name: 'Testhart B.V.',
      address: 'Teststraat 1',
      postal_code: '1234 AB',
      kvk: '12345678',
      city: 'Utrecht',
      country: 'Nederland',
      tradenames: ['Testhart'],
      vat_numbers: ['NL001234567B01'],
      support_phone: '030 - 123 45 67',
      delete_discount: 50,
      added: expect.any(String),
    });
    expect(new Date(c.added).toISOString()).toBe('2024-03-15T09:00:00.000Z');
  });

  test('follows the site: another domain, another company; an unknown host, the default site’s', async () => {
    expect((await company('closed.test')).name).toBe('Prüfstand GmbH');
    expect((await company('www.closed.test')).name).toBe('Prüfstand GmbH');
    expect((await company('first.test')).name).toBe('Testhart B.V.');
    expect((await company('unknown.example')).name).toBe('Testhart B.V.');
  });
});
