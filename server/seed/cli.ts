import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openAndPrepare } from '../boot';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { seedStorage } from './first-start';
import { type SeedProgress, seedDemo } from './index';

const USAGE = 'Usage: npm run seed -- --members N   (N from 1 to 1000000, default 300)';
const MAX_MEMBERS = 1_000_000;

function parseCount(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { members: { type: 'string', default: '300' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const count = Number(values.members);
  if (!Number.isInteger(count) || count < 1 || count > MAX_MEMBERS) {
    console.error(`--members must be a whole number from 1 to ${MAX_MEMBERS}.\n${USAGE}`);
    process.exit(2);
  }
  return count;
}

async function main() {
  const count = parseCount(process.argv.slice(2));
  const config = loadConfig();
  let prepared: Awaited<ReturnType<typeof openAndPrepare>>;
  try {
    prepared = await openAndPrepare(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(
        `${err.message}\nThe seed writes to the same database as the server: stop the server, seed, start it again.`,
      );
      process.exit(3);
    }
    throw err;
  }
  const { database, release } = prepared;
  const bar = new cliProgress.SingleBar(
    { format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let phase: SeedProgress['phase'] | null = null;
  const onProgress = (p: SeedProgress) => {
    if (p.phase !== phase) {
      if (phase) bar.stop();
      phase = p.phase;
      bar.start(p.total, p.done, { phase: p.phase === 'portraits' ? 'portraits' : 'members  ' });
    }
    bar.update(p.done);
  };
  const started = Date.now();
  try {
    const result = await seedDemo({
      db: database.db,
      count,
      now: new Date(),
      onProgress,
      ...seedStorage(config),
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `Seeded ${result.members} demo members in ${seconds.toFixed(1)} s (database: ${database.kind}).`,
    );
    for (const login of result.logins)
      console.log(`  demo login on ${login.domain}: ${login.email} / ${login.password}`);
  } finally {
    bar.stop();
    await database.close();
    release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
