/**
 * What the Lighthouse benchmarks share (bench:landers, bench:pages): the built site started with
 * demo data in a scratch folder and Debian's Chromium beside it, warming pages, one Lighthouse mobile
 * run's figures, their medians and the Markdown table they are printed as.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';

export const log = (line: string) => process.stdout.write(`${line}\n`);

export type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

/** The site and the browser a benchmark measures with. */
export type Bench = { base: string; chromePort: number };

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

/**
 * Runs `measure` against the built site, started afresh with demo data in `.tmp/bench/<name>`, and a
 * headless Chromium for Lighthouse; stops both afterwards. Builds nothing: `npm run build` first.
 */
export async function withSite(name: string, measure: (bench: Bench) => Promise<void>): Promise<void> {
  if (!fs.existsSync('dist/web/index.html')) throw new Error('no build: run `npm run build` first');
  const dataDir = path.resolve('.tmp/bench', name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const { child, port } = await startSite(dataDir);
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      await measure({ base: `http://127.0.0.1:${port}`, chromePort: chrome.port });
    } finally {
      chrome.kill();
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Requests each path once, so what the server draws or reads on a first request (hero pictures,
 * the server-rendered first paint) is ready before anything is measured.
 */
export async function warm(base: string, paths: string[], headers: Record<string, string> = {}) {
  for (const p of paths) await (await fetch(`${base}${p}`, { headers })).arrayBuffer();
}

/** A cookie as the browser's jar takes it (a CDP CookieParam; `url` names the site). */
export type BrowserCookie = {
  name: string;
  value: string;
  url: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
};

/**
 * A run in a clean browser: the site's cookies, local storage and IndexedDB are emptied before it
 * (Lighthouse empties only its caches and service workers), then `cookies` are put in the jar (a
 * member's session, as their browser holds it after logging in). In the jar, not as a request
 * header (Lighthouse's extraHeaders): the page's service worker fetches without the page's headers.
 * The page must stay where it was opened: a redirect (to the login screen) stops the benchmark.
 */
export type CleanVisit = { cookies: BrowserCookie[] };

const LIGHTHOUSE_CLEARS = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] as const;

/** One DevTools protocol command to the browser itself (not a page). */
async function browserCommand(chromePort: number, method: string, params: object = {}): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ id: 1, method, params })));
      socket.on('message', (data: Buffer) => {
        const answer = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
        if (answer.id !== 1) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      });
      socket.on('error', reject);
    });
  } finally {
    socket.close();
  }
}

/**
 * One Lighthouse mobile run (its default: a mid-range phone, simulated slow 4G and 4× CPU slowdown)
 * of the performance category; in a clean browser when `clean` says so.
 */
export async function measureOnce(
  bench: Bench,
  pagePath: string,
  clean?: CleanVisit,
  retried = false,
): Promise<Figures> {
  if (clean) {
    await browserCommand(bench.chromePort, 'Storage.clearCookies');
    if (clean.cookies.length > 0)
      await browserCommand(bench.chromePort, 'Storage.setCookies', { cookies: clean.cookies });
  }
  const result = await lighthouse(`${bench.base}${pagePath}`, {
    port: bench.chromePort,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
    clearStorageTypes: clean ? [...LIGHTHOUSE_CLEARS, 'local_storage', 'indexeddb'] : [...LIGHTHOUSE_CLEARS],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${pagePath}`);
  // A run that could not measure (the page did not paint in time on a loaded machine, say) has
  // no figures: it is run again once, then the benchmark stops rather than print empty ones.
  if (lhr.runtimeError) {
    const why = `${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (retried) throw new Error(`Lighthouse failed twice on ${why}`);
    process.stderr.write(`Lighthouse failed on ${why}; running it again\n`);
    return measureOnce(bench, pagePath, clean, true);
  }
  // A member's page that sent the browser to the login screen measured the login screen instead.
  const ended = new URL(lhr.finalDisplayedUrl);
  if (clean && `${ended.pathname}${ended.search}` !== pagePath)
    throw new Error(`${pagePath} ended on ${ended.pathname}${ended.search}: the session did not hold`);
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: a['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: a['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** The page measured `runs` times; each figure's median (each on its own, as Lighthouse's own tools do). */
export async function measureMedian(
  bench: Bench,
  pagePath: string,
  runs: number,
  clean?: CleanVisit,
): Promise<Figures> {
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await measureOnce(bench, pagePath, clean));
  const of = (key: keyof Figures) => median(all.map((r) => r[key]));
  return { score: of('score'), fcp: of('fcp'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls') };
}

const FIGURE_HEADINGS = ['performance', 'FCP', 'LCP', 'TBT', 'CLS'];

/** Prints a Markdown table's heading: the given columns, then the figures', then `after`. */
export function printHeading(before: string[], after: string[] = []) {
  const headings = [...before, ...FIGURE_HEADINGS, ...after];
  log(`| ${headings.join(' | ')} |`);
  log(`|${headings.map(() => '---').join('|')}|`);
}

/** Prints one row of that table: times in seconds, CLS to three decimals. */
export function printRow(before: string[], f: Figures, after: string[] = []) {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const cells = [...before, String(f.score), s(f.fcp), s(f.lcp), s(f.tbt), f.cls.toFixed(3), ...after];
  log(`| ${cells.join(' | ')} |`);
}
