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
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LANDER_NAMES } from '../../common/rules/landers';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const RUNS = Math.max(1, Number(args.runs));
const MIN_SCORE = 90;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function startSite(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_MEMBERS: '120',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Site running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the site exited (${code}) before it listened`)));
  });
  return { child, port };
}

/** A real demo member a member landing can be built around: the first of the showcase. */
async function demoMemberId(base: string): Promise<number> {
  const res = await fetch(`${base}/api/showcase.php?count=1`);
  const body = (await res.json()) as { profiles: { id: number }[] };
  const id = body.profiles[0]?.id;
  if (!id) throw new Error('the demo data has no member to build a member landing around');
  return id;
}

type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  if (!fs.existsSync('dist/web/index.html')) throw new Error('no build: run `npm run build` first');
  const dataDir = path.resolve('.tmp/bench/landers');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { child, port } = await startSite(dataDir);
  const base = `http://127.0.0.1:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const member = await demoMemberId(base);
    const pages = [
      '/landers/tinderswipe',
      ...LANDER_NAMES.filter((n) => n !== 'tinderswipe').map((n) => `/landers/${n}/milf-${n}`),
      `/members/${member}/landing`,
      `/members/${member}/signup`,
      `/members/${member}/landing2`,
      `/members/${member}/landing3/gay-x`,
    ].filter((p) => !args.only || p.includes(args.only));
    for (const p of pages) await fetch(`${base}${p}`);
    for (const niche of ['milf', 'gay', 'plain']) await fetch(`${base}/hero/${niche}-640.webp`);

    log(`Lighthouse ${RUNS}× per page, mobile, loopback; median of the runs:`);
    log('| page | performance | FCP | LCP | TBT | CLS |');
    log('|---|---|---|---|---|---|');
    let failed = 0;
    for (const p of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${p}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${p}`);
        const a = lhr.audits;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: a['first-contentful-paint']?.numericValue ?? Number.NaN,
          lcp: a['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbt: a['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: a['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
      }
      const score = median(runs.map((r) => r.score));
      if (score < MIN_SCORE) failed++;
      const ms = (key: 'fcp' | 'lcp' | 'tbt') => `${(median(runs.map((r) => r[key])) / 1000).toFixed(2)} s`;
      const page = p.replace(`/members/${member}/`, '/members/{id}/');
      log(
        `| ${page} | ${score} | ${ms('fcp')} | ${ms('lcp')} | ${ms('tbt')} | ${median(runs.map((r) => r.cls)).toFixed(3)} |`,
      );
    }
    if (failed > 0) {
      log(`${failed} page(s) under ${MIN_SCORE}`);
      process.exitCode = 1;
    }
  } finally {
    chrome.kill();
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
