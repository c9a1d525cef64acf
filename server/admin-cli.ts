import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../common/api/admin/staff';
import { emailAddress } from '../common/api/fields';
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { isUniqueViolation } from './db/errors';
import { DataDirLockedError } from './db/lock';
import { type DemoStaff, demoStaffFile } from './seed/demo-staff';
import { createStaff, totpFor } from './services/admin/staff/accounts';

const USAGE = `Usage:
  npm run admin -- create-staff --email ADDRESS --role ${STAFF_ROLES.join('|')} [--name NAME]
      creates a console account and prints its password and authenticator secret (once)
  npm run admin -- demo-code
      prints the demo admin's current authenticator code (from DATA_DIR/demo-staff.json)`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

async function createStaffCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailAddress.safeParse(values.email ?? '');
  if (!email.success) fail('--email must be an e-mail address.');
  if (!STAFF_ROLES.includes(values.role as StaffRole))
    fail(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  const config = loadConfig();
  let prepared: Awaited<ReturnType<typeof openAndPrepare>>;
  try {
    prepared = await openAndPrepare(config);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      fail(`${err.message}\nThe embedded database is in use: stop the server, run this, start it again.`, 3);
    throw err;
  }
  try {
    const created = await createStaff(prepared.database.db, {
      email: email.data,
      role: values.role as StaffRole,
      name: values.name,
    });
    console.log(`Created ${values.role} ${created.email} (id ${created.id}).`);
    console.log(`  password: ${created.password}`);
    console.log(`  authenticator: ${created.otpauthUri}`);
    console.log(`  (secret ${created.totpSecret}; shown only now)`);
  } catch (err) {
    if (isUniqueViolation(err)) fail(`${email.data} already has a console account.`, 1);
    throw err;
  } finally {
    await prepared.database.close();
    prepared.release();
  }
}

function demoCodeCommand() {
  const file = demoStaffFile(loadConfig());
  if (!fs.existsSync(file))
    fail(`No demo admin in ${file}: start the site once with demo data (npm start).`, 1);
  const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoStaff;
  console.log(`${demo.email}: ${totpFor(demo.email, demo.totpSecret).generate()}`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'create-staff') await createStaffCommand(rest);
else if (command === 'demo-code') demoCodeCommand();
else fail(command ? `Unknown command ${command}.` : 'No command given.');
