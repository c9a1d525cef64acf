/**
 * `npm run bench:landers [-- --runs N] [-- --only name]`
 *
 * Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G and 4× CPU slowdown)
 * against every lander and member landing, on loopback, with Debian's Chromium. Builds nothing: run
 * `npm run build` first. Starts the built site with demo data in a scratch folder, opens each page
 * once to warm the server's caches (the hero pictures are drawn on first request), then scores each
 * page N times (default 3) and reports the median performance score with its FCP, LCP, TBT and CLS.
 * Exits non-zero when a page's median is under 90.
 */
import { parseArgs } from 'node:util';
import { LANDER_NAMES } from '../../common/rules/landers';
import { log, measureMedian, printHeading, printRow, warm, withSite } from './lighthouse-site';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const RUNS = Math.max(1, Number(args.runs));
const MIN_SCORE = 90;

/** A real demo member a member landing can be built around: the first of the showcase. */
async function demoMemberId(base: string): Promise<number> {
  const res = await fetch(`${base}/api/showcase.php?count=1`);
  const body = (await res.json()) as { profiles: { id: number }[] };
  const id = body.profiles[0]?.id;
  if (!id) throw new Error('the demo data has no member to build a member landing around');
  return id;
}

async function main() {
  await withSite('landers', async (bench) => {
    const member = await demoMemberId(bench.base);
    const pages = [
      '/landers/tinderswipe',
      ...LANDER_NAMES.filter((n) => n !== 'tinderswipe').map((n) => `/landers/${n}/milf-${n}`),
      `/members/${member}/landing`,
      `/members/${member}/signup`,
      `/members/${member}/landing2`,
      `/members/${member}/landing3/gay-x`,
    ].filter((p) => !args.only || p.includes(args.only));
    await warm(bench.base, [...pages, ...['milf', 'gay', 'plain'].map((niche) => `/hero/${niche}-640.webp`)]);

    log(`Lighthouse ${RUNS}× per page, mobile, loopback; median of the runs:`);
    printHeading(['page']);
    let failed = 0;
    for (const p of pages) {
      const figures = await measureMedian(bench, p, RUNS);
      if (figures.score < MIN_SCORE) failed++;
      printRow([p.replace(`/members/${member}/`, '/members/{id}/')], figures);
    }
    if (failed > 0) {
      log(`${failed} page(s) under ${MIN_SCORE}`);
      process.exitCode = 1;
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
