import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ComplaintCategory } from '../../common/api/complaints';
import { localeFromDomainLanguage } from '../../common/rules/locale';
import type { Db } from '../db/client';
import { complaints } from '../db/schema';
import type { Rng } from './rng';
import { DEMO_DOMAIN } from './rows';

/**
 * A few complaints per site from the complaints form, so the console's complaints screen has work
 * on a fresh start: what visitors write, in the site's language, in every state. One still waits
 * for its support mail (the console can send it again). Addresses are `.invalid`: nobody is mailed.
 */

type DemoComplaint = {
  name: string;
  category: ComplaintCategory;
  subject: string | null;
  message: string;
  status: 'new' | 'in_progress' | 'closed';
  note: string | null;
  hoursAgo: number;
  forwarded: boolean;
};

const COMPLAINTS: Record<'en' | 'nl' | 'de', DemoComplaint[]> = {
  en: [
    {
      name: 'Emma Clarke',
      category: 'fake_profile',
      subject: 'Profile "Jessica", 29',
      message:
        'This profile uses photos of a well-known model. She asked me to chat on another app straight away.',
      status: 'new',
      note: null,
      hoursAgo: 3,
      forwarded: true,
    },
    {
      name: 'Tom Baker',
      category: 'billing',
      subject: null,
      message:
        'I paid for 100 credits yesterday but my balance only went up once although I was charged twice.',
      status: 'new',
      note: null,
      hoursAgo: 20,
      forwarded: false,
    },
    {
      name: 'Olivia Hughes',
      category: 'technical',
      subject: null,
      message:
        'Uploading a photo from my phone keeps failing with an error. I tried three different pictures.',
      status: 'in_progress',
      note: 'Asked for the phone model and browser.',
      hoursAgo: 52,
      forwarded: true,
    },
    {
      name: 'Jack Wilson',
      category: 'member_behaviour',
      subject: null,
      message: 'A member keeps sending me messages after I asked him to stop. I have blocked him now.',
      status: 'closed',
      note: 'Member warned by the moderators; the complainant has blocked him.',
      hoursAgo: 140,
      forwarded: true,
    },
  ],
  nl: [
    {
      name: 'Sanne de Vries',
      category: 'fake_profile',
      subject: 'Profiel "Lotte", 31',
      message:
        'Dit profiel gebruikt foto’s van een bekende influencer. Ze vroeg meteen om geld voor een treinkaartje.',
      status: 'new',
      note: null,
      hoursAgo: 2,
      forwarded: true,
    },
    {
      name: 'Mark Jansen',
      category: 'billing',
      subject: null,
      message:
        'Ik heb gisteren 100 credits gekocht met iDEAL, het geld is afgeschreven maar ik zie de credits niet.',
      status: 'new',
      note: null,
      hoursAgo: 18,
      forwarded: false,
    },
    {
      name: 'Fleur Bakker',
      category: 'privacy',
      subject: null,
      message:
        'Ik wil graag weten welke gegevens jullie van mij bewaren en hoe lang. Kunnen jullie dat toesturen?',
      status: 'in_progress',
      note: 'Overzicht van de gegevens wordt gemaakt.',
      hoursAgo: 60,
      forwarded: true,
    },
    {
      name: 'Daan Visser',
      category: 'technical',
      subject: null,
      message:
        'De chat laadt niet op mijn tablet, ik zie alleen een wit scherm. Op mijn telefoon werkt het wel.',
      status: 'closed',
      note: 'Opgelost na het legen van de browsercache.',
      hoursAgo: 160,
      forwarded: true,
    },
  ],
  de: [
    {
      name: 'Lena Schmidt',
      category: 'fake_profile',
      subject: 'Profil "Mia", 27',
      message:
        'Das Profil benutzt Fotos einer bekannten Schauspielerin und bittet sofort um eine Telefonnummer.',
      status: 'new',
      note: null,
      hoursAgo: 5,
      forwarded: true,
    },
    {
      name: 'Jonas Becker',
      category: 'billing',
      subject: null,
      message:
        'Ich habe zweimal für dasselbe Paket bezahlt, aber nur einmal Credits bekommen. Bitte um Erstattung.',
      status: 'new',
      note: null,
      hoursAgo: 26,
      forwarded: false,
    },
    {
      name: 'Sophie Wagner',
      category: 'member_behaviour',
      subject: null,
      message: 'Ein Mitglied schreibt mir beleidigende Nachrichten, obwohl ich nicht mehr antworte.',
      status: 'in_progress',
      note: 'Meldung an die Moderation weitergegeben.',
      hoursAgo: 44,
      forwarded: true,
    },
    {
      name: 'Felix Hoffmann',
      category: 'other',
      subject: null,
      message: 'Ich möchte mein Konto löschen, finde aber die Einstellung dafür nicht. Wo ist sie?',
      status: 'closed',
      note: 'Weg zu Einstellungen › Konto löschen erklärt.',
      hoursAgo: 120,
      forwarded: true,
    },
  ],
};

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const reference = () => {
  const chars = [...randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
};

/** Demo complaints for every site that has none yet. */
export async function seedDemoComplaints(
  db: Db,
  sites: { id: number; domainLanguage: string | null }[],
  now: Date,
  rng: Rng,
): Promise<void> {
  for (const site of sites) {
    const { rows } = await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM complaints WHERE site_id = ${site.id}) AS has`,
    );
    if ((rows[0] as { has: boolean } | undefined)?.has) continue;
    const locale = localeFromDomainLanguage(site.domainLanguage) ?? 'en';
    const list = COMPLAINTS[locale as keyof typeof COMPLAINTS] ?? COMPLAINTS.en;
    await db.insert(complaints).values(
      list.map((c) => {
        const at = new Date(now.getTime() - (c.hoursAgo + rng.next()) * 3_600_000);
        return {
          reference: reference(),
          siteId: site.id,
          name: c.name,
          email: `${c.name.toLowerCase().replace(/[^a-z]+/g, '.')}@${DEMO_DOMAIN}`,
          category: c.category,
          subject: c.subject,
          message: c.message,
          language: locale,
          status: c.status,
          staffNote: c.note,
          updatedAt: c.status === 'new' ? null : new Date(at.getTime() + 3_600_000),
          createdAt: at,
          forwardedAt: c.forwarded ? at : null,
        };
      }),
    );
  }
}
