import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProfileEditBody } from '../../common/api/profile-edit';
import { INTERESTS } from '../../common/profile-options';
import { members, profiles, regions } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
let region: { code: string; name: string };
let otherCountryRegion: string;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  const [be] = await t.db.select().from(regions).where(eq(regions.country, 'BE')).limit(1);
  const [de] = await t.db.select().from(regions).where(eq(regions.country, 'DE')).limit(1);
  if (!be || !de) throw new Error('regions missing from the template');
  region = be;
  otherCountryRegion = de.code;
});
afterAll(() => t?.close());

type Member = { id: number; name: string; email: string; cookie: string };
async function member(): Promise<Member> {
  const m = await createMember(t.db);
  return {
    id: m.id,
    name: m.name,
    email: `${m.name}@example.test`,
    cookie: await loginCookie(t.db, m.id, NOW),
  };
}

const edit = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie, ...headers },
    payload: body as object,
  });
const read = (cookie: string) =>
  t.app.inject({ url: '/api/profile.php', headers: { host: 'main.test', cookie } });

const valid = (over: Partial<ProfileEditBody> = {}): ProfileEditBody => ({
  name: 'Lotte',
  gender: 'female',
  sexuality: 'bi',
  birth_date: '1991-03-04',
  relationship_status: 'single',
  hair_colour: 'red',
  eye_colour: 'green',
  body_type: 'slim',
  tattoos: 'some',
  reason: 'relationship',
  about: 'Houd van fietsen langs de kust en goede koffie.',
  country: 'BE',
  region: region.code,
  seeking_gender: 'male',
  seeking_min_age: 30,
  seeking_max_age: 45,
  interests: [3, 11, 26],
  ...over,
});

describe('GET /api/profile.php', () => {
  test('is for members only', async () => {
    const res = await read('');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test('gives every field of my profile, and my e-mail for the name rule', async () => {
    const m = await member();
    const res = await read(m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      id: m.id,
      email: m.email,
      name: m.name,
      gender: 'female',
      birth_date: '1990-06-15',
      age: 35,
      country: 'NL',
      region: null,
      hair_colour: null,
      interests: [],
      seeking_min_age: null,
    });
  });
});

describe('PUT /api/profile.php', () => {
  test('saves every field and the interests; the card shows the region by name', async () => {
    const m = await member();
    const res = await edit(m.cookie, valid());
    expect(res.statusCode).toBe(200);
    const { email: _e, id: _i, age, ...saved } = res.json().profile;
    expect(saved).toEqual(valid());
    expect(age).toBe(35);
    expect((await read(m.cookie)).json().profile.interests).toEqual([3, 11, 26]);
    const user = (
      await t.app.inject({ url: '/api/user.php', headers: { host: 'main.test', cookie: m.cookie } })
    ).json().user;
    expect(user.profile).toMatchObject({ name: 'Lotte', country: 'BE', region: region.name });

    const again = await edit(
      m.cookie,
      valid({ interests: [INTERESTS.length], region: null, hair_colour: null, about: '' }),
    );
    expect(again.json().profile).toMatchObject({
      interests: [INTERESTS.length],
      region: null,
      hair_colour: null,
    });
  });

  test.each<[string, Partial<ProfileEditBody> | ((m: Member) => Partial<ProfileEditBody>), string, string]>([
    [
      'a name equal to the e-mail',
      (m) => ({ name: m.email.toUpperCase() }),
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    ['a name starting with @', { name: '@lotte' }, 'name', 'Een profielnaam mag niet met @ beginnen.'],
    [
      'a birth date under 18',
      { birth_date: '2008-05-02' },
      'birth_date',
      'Vul uw geboortedatum in (18+ jaar)',
    ],
    ['a date that does not exist', { birth_date: '1990-02-30' }, 'birth_date', 'Ongeldige geboortedatum.'],
    [
      'a country the site does not serve',
      { country: 'DE', region: null },
      'country',
      'Kies een van de landen van deze site.',
    ],
    [
      'a region of another country',
      () => ({ region: otherCountryRegion }),
      'region',
      'Kies een regio uit de lijst.',
    ],
    ['an unknown region', { region: 'BE-XX' }, 'region', 'Kies een regio uit de lijst.'],
    [
      'a seeking range upside down',
      { seeking_min_age: 50, seeking_max_age: 30 },
      'seeking_max_age',
      'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd.',
    ],
    [
      'a seeking age under 18',
      { seeking_min_age: 16 },
      'seeking_min_age',
      'Kies een leeftijd van 18 tot 99 jaar.',
    ],
    [
      'an about text that is too long',
      { about: 'x'.repeat(2001) },
      'about',
      'Je tekst mag maximaal 2000 tekens lang zijn.',
    ],
    ['a value outside a list', { hair_colour: 'purple' as never }, 'hair_colour', 'Maak een keuze.'],
    ['an interest that does not exist', { interests: [999] }, 'interests.0', 'Deze waarde is niet geldig.'],
    ['an interest twice', { interests: [4, 4] }, 'interests', 'Maak een keuze.'],
  ])(
    'refuses %s with 400 and the message in the member’s language, saving nothing',
    async (_, over, field, message) => {
      const m = await member();
      const before = (await read(m.cookie)).json().profile;
      const res = await edit(m.cookie, valid(typeof over === 'function' ? over(m) : over));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(res.json().fields[field]).toBe(message);
      expect((await read(m.cookie)).json().profile).toEqual(before);
    },
  );

  test('answers in the language of the locale cookie', async () => {
    const m = await member();
    const res = await edit(m.cookie, valid({ name: '@x1', birth_date: '2010-01-01' }), {
      cookie: `${m.cookie}; i18n_locale=en`,
    });
    expect(res.json().fields).toEqual({
      name: 'Your profile name must not start with @.',
      birth_date: 'Enter your date of birth (18+ years)',
    });
  });

  test('a body of the wrong shape is 400 with field messages, not a crash', async () => {
    const m = await member();
    for (const body of [{}, { ...valid(), name: 5, seeking_min_age: '30' }, [], 42]) {
      const res = await edit(m.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    const res = await edit(m.cookie, { ...valid(), name: 5 });
    expect(res.json().fields.name).toBe('Deze waarde is niet geldig.');
  });

  test('edits only my own profile, whatever id the body names', async () => {
    const me = await member();
    const other = await member();
    const res = await edit(me.cookie, { ...valid({ name: 'Mine' }), id: other.id, member_id: other.id });
    expect(res.statusCode).toBe(200);
    const [theirs] = await t.db.select().from(profiles).where(eq(profiles.memberId, other.id));
    expect(theirs?.name).toBe(other.name);
    const [mine] = await t.db.select().from(profiles).where(eq(profiles.memberId, me.id));
    expect(mine?.name).toBe('Mine');
  });

  test('needs a login and the client header', async () => {
    const visitor = await edit('', valid());
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');
    const m = await member();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: 'main.test', cookie: m.cookie },
      payload: valid(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
  });

  test('a deleted member cannot edit', async () => {
    const m = await member();
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, m.id));
    expect((await edit(m.cookie, valid())).statusCode).toBe(403);
  });
});
