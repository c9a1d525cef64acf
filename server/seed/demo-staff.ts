import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { staff } from '../db/schema';
import { createStaff, totpFor } from '../services/admin/staff/accounts';
import { DEMO_DOMAIN } from './rows';

export const DEMO_STAFF_EMAIL = `admin@${DEMO_DOMAIN}`;

/** The demo admin's login as `npm start` prints it; kept under DATA_DIR (never committed). */
export type DemoStaff = { email: string; password: string; totpSecret: string };

export const demoStaffFile = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'demo-staff.json');

/**
 * The demo data's one admin: created only by the start that seeded the demo members into an
 * empty database (`seededNow`), with a random password and TOTP secret written to
 * DATA_DIR/demo-staff.json, so that `npm start` can print the login. Never on a database that
 * already had members: an admin account with a printed password has no place on a real site.
 * Later starts print the saved login while the account is still the one saved. Null when there is
 * no demo data, or the account was made elsewhere (another machine seeded the shared PostgreSQL).
 */
export async function ensureDemoStaff(config: Config, db: Db, seededNow: boolean): Promise<DemoStaff | null> {
  if (config.seedMembers === 0) return null;
  const file = demoStaffFile(config);
  const [row] = await db
    .select({ id: staff.id, secret: staff.totpSecret })
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, DEMO_STAFF_EMAIL));
  if (row) {
    if (!fs.existsSync(file)) return null;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoStaff;
    return saved.totpSecret === row.secret ? saved : null;
  }
  if (!seededNow) return null;
  const created = await createStaff(db, { email: DEMO_STAFF_EMAIL, name: 'Demo admin', role: 'admin' });
  const demo: DemoStaff = {
    email: created.email,
    password: created.password,
    totpSecret: created.totpSecret,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}

/** The start-up banner's lines for the console. */
export function demoStaffLines(demo: DemoStaff | null, port: number): string[] {
  if (!demo) return [`  Operator console on http://localhost:${port}/admin`];
  const totp = totpFor(demo.email, demo.totpSecret);
  return [
    `  Operator console on http://localhost:${port}/admin  ${demo.email} / ${demo.password}`,
    `    second factor: add ${totp.toString()} to an authenticator app,`,
    '    or print the current code with: npm run admin -- demo-code',
  ];
}
