import { eq } from 'drizzle-orm';
import { buildApp } from '../../../app';
import type { Config } from '../../../config';
import { members, profiles } from '../../../db/schema';
import { hashPassword } from '../../../services/accounts/passwords';
import { createMember, type MemberInput, type TestApp } from '../../../test/app';
import { testDatabase } from '../../../test/db';
import { type SmtpInbox, startSmtpInbox } from './inbox';

export type MailTestApp = TestApp & { inbox: SmtpInbox };

/** The whole app on a test database, delivering its mail over SMTP to a loopback inbox. */
export async function mailTestApp(
  opts: { now?: () => Date; configure?: (config: Config) => Config } = {},
): Promise<MailTestApp> {
  const inbox = await startSmtpInbox();
  const { database, config, destroy } = await testDatabase();
  const withSmtp = { ...(opts.configure?.(config) ?? config), smtpUrl: inbox.url };
  const app = await buildApp({ config: withSmtp, database, now: opts.now, webDir: null });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config: withSmtp,
    inbox,
    close: async () => {
      await app.close();
      await destroy();
      await inbox.close();
    },
  };
}

export const PASSWORD = 'Zonnebloem-7-Akker';

/** A member as signup leaves one: not confirmed, profile hidden, a password, an address of their own. */
export async function signedUpMember(
  t: Pick<TestApp, 'db'>,
  input: MemberInput & { email?: string; language?: string; confirmed?: boolean } = {},
) {
  const m = await createMember(t.db, { profileStatus: input.confirmed ? 'active' : 'disabled', ...input });
  const email = input.email ?? `${m.name}@example.test`;
  await t.db
    .update(members)
    .set({
      email,
      language: input.language ?? 'nl',
      passwordHash: await hashPassword(PASSWORD),
      status: input.confirmed ? 'active' : 'not_confirmed',
      emailConfirmedAt: input.confirmed ? new Date('2026-01-01T00:00:00Z') : null,
    })
    .where(eq(members.id, m.id));
  return { ...m, email };
}

export async function memberRow(t: Pick<TestApp, 'db'>, id: number) {
  const [row] = await t.db
    .select({ member: members, profileStatus: profiles.status })
    .from(members)
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, id));
  if (!row) throw new Error(`no member ${id}`);
  return { ...row.member, profileStatus: row.profileStatus };
}

/** Headers of a browser call: the CSRF header, the site's host, and the cookie when given. */
export const headers = (cookie?: string, host = 'main.test') => ({
  host,
  'x-requested-with': 'XMLHttpRequest',
  ...(cookie ? { cookie } : {}),
});
