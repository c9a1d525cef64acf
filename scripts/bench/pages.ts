/**
 * `npm run bench:pages [-- --runs N] [-- --only substring]`
 *
 * Lighthouse's mobile run (a mid-range phone, simulated slow 4G and 4× CPU slowdown) against the
 * pages visitors and members use most, on loopback, with Debian's Chromium. Builds nothing: run
 * `npm run build` first. Starts the built site with demo data in a scratch folder, logs in as the
 * demo member through the site's own API, opens each page once to warm the server, then scores each
 * page N times (default 3) and prints the median score, FCP, LCP, TBT and CLS, with the machine's
 * load average before and after (a loaded machine scores worse; compare runs on a quiet one).
 *
 * Visitor rows are a first-time visitor: every run starts without cookies or local storage for the
 * site, so the adult-content entry warning shows where the site's settings show it, and its dialog
 * is measured as part of the page (its text may be the largest paint), since that is what a first
 * visit costs. Member rows start each run with only the demo member's session cookies in the
 * browser, as after logging in; the warning never shows to a logged-in member
 * (common/rules/entry-warning.ts), so there is nothing to dismiss.
 *
 * A row misses the targets when its median performance is under 95, LCP over 1.8 s, TBT over
 * 100 ms or CLS over 0.05; the script exits non-zero when any row does.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { AUTH_COOKIE } from '../../common/constants';
import {
  type Bench,
  type BrowserCookie,
  type Figures,
  log,
  measureMedian,
  printHeading,
  printRow,
  warm,
  withSite,
} from './lighthouse-site';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const RUNS = Math.max(1, Number(args.runs));
const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };

type As = 'visitor' | 'member';
/** A page as the table names it (`{member}`, `{chat}` stand for ids the run looks up). */
const PAGES: { page: string; as: As }[] = [
  { page: '/', as: 'visitor' },
  { page: '/members', as: 'visitor' },
  { page: '/pages/faq', as: 'visitor' },
  { page: '/login', as: 'visitor' },
  { page: '/members', as: 'member' },
  { page: '/members/{member}', as: 'member' },
  { page: '/likes', as: 'member' },
  { page: '/chats', as: 'member' },
  { page: '/chats/{chat}', as: 'member' },
  { page: '/credits', as: 'member' },
  { page: '/profile', as: 'member' },
];

/** What each row must reach; the names are the table's. */
const TARGETS: { name: string; met: (f: Figures) => boolean }[] = [
  { name: 'performance', met: (f) => f.score >= 95 },
  { name: 'LCP', met: (f) => f.lcp <= 1800 },
  { name: 'TBT', met: (f) => f.tbt <= 100 },
  { name: 'CLS', met: (f) => f.cls <= 0.05 },
];

/** The site's API as the page's own code calls it (the client header the server asks of every call). */
async function api<T>(base: string, method: string, url: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { json: (await res.json()) as T, setCookies: res.headers.getSetCookie() };
}

/** Logs in as the demo member: the cookies its browser now holds. */
async function logIn(base: string): Promise<BrowserCookie[]> {
  const { setCookies } = await api(base, 'POST', '/api/user.php', undefined, DEMO);
  const cookies = setCookies.map((line): BrowserCookie => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
    const sameSite = at('samesite')?.toLowerCase();
    return {
      name: pair.slice(0, pair.indexOf('=')),
      value: pair.slice(pair.indexOf('=') + 1),
      url: base,
      path: at('path') ?? '/',
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
      sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
    };
  });
  if (!cookies.some((c) => c.name === AUTH_COOKIE)) throw new Error('the demo login set no session cookie');
  return cookies;
}

/**
 * The ids the member rows open: a member from the demo member's own search, not the viewer, and
 * the demo member's newest chat. The demo data seeds it a few chats; should it have none, it writes
 * to that member through the site's API, as it would from the profile.
 */
async function memberIds(base: string, cookie: string): Promise<{ member: number; chat: number }> {
  type Me = { user: { profile: { id: number } } };
  const me = (await api<Me>(base, 'GET', '/api/user.php', cookie)).json.user.profile.id;
  type Search = { profiles: { id: number }[] };
  const found = (await api<Search>(base, 'GET', '/api/members.php', cookie)).json.profiles;
  const member = found.find((p) => p.id !== me)?.id;
  if (!member) throw new Error("the demo member's search finds no other member");
  type Chats = { chats: { conversation: { id: number } }[] };
  const chats = async () => (await api<Chats>(base, 'GET', '/api/chats.php', cookie)).json.chats;
  let chat = (await chats())[0]?.conversation.id;
  if (chat === undefined) {
    log('The demo member has no chat: writing to a member to start one.');
    type Sent = { message: { conversation_id: number } };
    const sent = await api<Sent>(base, 'POST', '/api/messages.php', cookie, {
      client_id: randomUUID(),
      member_id: member,
      body: 'Hi! How is your week going?',
    });
    chat = sent.json.message.conversation_id;
  }
  return { member, chat };
}

const loadAverage = () => {
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `${one} ${five} ${fifteen} (1, 5, 15 min; ${os.availableParallelism()} cores)`;
};

async function measureAll(bench: Bench) {
  const rows = PAGES.filter(
    ({ page, as }) => !args.only || page.includes(args.only) || `${page} (${as})`.includes(args.only),
  );
  if (rows.length === 0) throw new Error(`no page matches --only ${args.only}`);
  const session = rows.some((r) => r.as === 'member') ? await logIn(bench.base) : [];
  // The session as a request header, for the API calls and the warming outside the browser.
  const cookie = session.map((c) => `${c.name}=${c.value}`).join('; ');
  const ids = session.length > 0 ? await memberIds(bench.base, cookie) : undefined;
  const pathOf = (page: string) =>
    page.replace('{member}', String(ids?.member)).replace('{chat}', String(ids?.chat));
  for (const r of rows) await warm(bench.base, [pathOf(r.page)], r.as === 'member' ? { Cookie: cookie } : {});

  log(`Load average at the start: ${loadAverage()}`);
  log(`Lighthouse ${RUNS}× per page, mobile, loopback; median of the runs:`);
  printHeading(['page', 'as'], ['targets']);
  let missed = 0;
  for (const r of rows) {
    const figures = await measureMedian(bench, pathOf(r.page), RUNS, {
      cookies: r.as === 'member' ? session : [],
    });
    const misses = TARGETS.filter((t) => !t.met(figures)).map((t) => t.name);
    if (misses.length > 0) missed++;
    const page = r.page.replace('{member}', '{id}').replace('{chat}', '{id}');
    printRow([page, r.as], figures, [misses.length > 0 ? `✗ ${misses.join(', ')}` : 'met']);
  }
  log(`Load average at the end: ${loadAverage()}`);
  if (missed > 0) {
    log(`${missed} row(s) miss the targets (performance ≥ 95, LCP ≤ 1.8 s, TBT ≤ 100 ms, CLS ≤ 0.05)`);
    process.exitCode = 1;
  }
}

withSite('pages', measureAll).catch((err) => {
  console.error(err);
  process.exit(1);
});
