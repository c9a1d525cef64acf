/**
 * The app on a benchmark database, in a process of its own so that the load tool does not share its
 * event loop. Prints one JSON line ({ port, host, cookie }) once it listens; stops on SIGTERM.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { createSession } from '../../server/services/sessions';
import { openBenchDb } from './prepare';

async function main() {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  const bench = await openBenchDb(kind);
  const { db } = bench.database;
  // The first site's demo login is the member who searches.
  const [demo] = (
    await db.execute(sql`
      SELECT m.id, s.domain FROM members m JOIN sites s ON s.id = m.site_id
      WHERE lower(m.email) = 'demo@demo.invalid' ORDER BY s.id LIMIT 1`)
  ).rows as { id: string; domain: string }[];
  if (!demo) throw new Error('The benchmark database has no demo login: seed it first.');
  const token = await createSession(db, Number(demo.id), new Date());
  const app = await buildApp({ config: bench.config, database: bench.database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  process.stdout.write(
    `${JSON.stringify({ port, host: demo.domain, cookie: `auth=${token}`, memberId: Number(demo.id) })}\n`,
  );
  process.on('SIGTERM', async () => {
    await app.close();
    await bench.database.close();
    bench.release();
    process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
