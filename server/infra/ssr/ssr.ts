import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryKey } from '@tanstack/react-query';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, FALLBACK_LOCALE, type Locale, TRACKING_COOKIE } from '../../../common/constants';
import { infoPageOf } from '../../../common/rules/info-pages';
import { landerOf } from '../../../common/rules/landers';
import type { SsrInput, SsrOutput } from '../../../web/entry-server';
import { catalog } from '../../i18n';

/**
 * The first paint of landers and member landings drawn on the server (web/entry-server.tsx, built
 * into dist/ssr): paid traffic on a slow phone sees the page before its JavaScript has run. The
 * data is what the browser would ask for, from the API itself (`inject`: the same rules, presenters
 * and answers). Visitors only: a member's pages depend on their account and stay client-drawn.
 */
export type Renderer = { render(input: SsrInput): Promise<SsrOutput> };

export async function loadRenderer(dir: string): Promise<Renderer | null> {
  const file = path.join(dir, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/**
 * The pages people land on as visitors, drawn here: landers and member landings (paid traffic), the
 * home page, the member search, a member's page and the information pages. A member's
 * pages depend on their account and stay client-drawn (they bring their data instead).
 */
function landingPage(pathname: string): boolean {
  const lander = landerOf(pathname);
  if (lander !== 'other') return true;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/members' || /^\/members\/\d{1,15}$/.test(path)) return true;
  return infoPageOf(path) !== undefined;
}

export function drawnOnServer(request: FastifyRequest, pathname: string): boolean {
  return landingPage(pathname) && !request.cookies[AUTH_COOKIE];
}

// The request headers that decide what the API answers: the site, the language, the country. The
// visitor's address goes as the inner call's own (already read through the trusted proxies), not
// as a header the inner call would have to trust again.
const FORWARDED = ['host', 'cookie', 'accept-language', 'cf-ipcountry'];

type Json = Record<string, unknown>;
type Answer = { status: number; json: Json | null };

/** The API as the page's browser would call it, each address asked once per page. */
export type PageApi = (url: string) => Promise<Answer>;

/** One API call for the page, as the browser would make it. */
async function ask(app: FastifyInstance, request: FastifyRequest, geoipHeader: string, url: string) {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  for (const name of [...FORWARDED, geoipHeader]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
  return { status: res.statusCode, json: res.statusCode === 200 ? (res.json() as Json) : null };
}

/**
 * The calls of one page: its status (server/services/spa-status.ts) and its drawing ask the same
 * things (a member landing's member), and each is answered once.
 */
export function pageApi(app: FastifyInstance, request: FastifyRequest, geoipHeader: string): PageApi {
  const asked = new Map<string, Promise<Answer>>();
  return (url) => {
    let answer = asked.get(url);
    if (!answer) {
      answer = ask(app, request, geoipHeader, url);
      asked.set(url, answer);
    }
    return answer;
  };
}

const query = (values: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
};

/** A member's profile as the page asks for it: with the visitor's tracking network, if any. */
export const memberProfileUrl = (id: unknown, network: unknown) => `/api/member.php${query({ id, network })}`;

/**
 * The data of a query the screens asked for, by its key (web/api/site.ts's showcase, the member
 * landing's member, web/api/member.ts, web/api/search.ts, web/api/promos.ts, web/api/user.ts,
 * web/api/likes.ts, web/api/chat-cache.ts, web/api/profile-edit.ts), or undefined for one
 * the server does not answer (then the browser asks, as without SSR). `network` is the visitor's
 * tracking network, which the browser's calls carry without it being part of every key.
 */
async function answer(ask: (url: string) => Promise<Json | null>, key: readonly unknown[], network?: string) {
  const [name, ...args] = key;
  if (name === 'showcase') {
    const [net, niche, count] = args;
    return (await ask(`/api/showcase.php${query({ network: net, niche, count })}`)) ?? undefined;
  }
  if (name === 'member-landing') {
    const [id, net] = args;
    return (await ask(memberProfileUrl(id, net)))?.profile;
  }
  if (name === 'member') return (await ask(memberProfileUrl(args[0], network)))?.profile;
  // Whole answers under keys of their own: the account, and a member's first data of a screen.
  const whole: Record<string, string> = {
    promos: '/api/promos.php',
    user: '/api/user.php',
    likes: '/api/likes.php',
    chats: '/api/chats.php',
    'own-profile': '/api/profile.php',
  };
  if (typeof name === 'string' && whole[name] && args.length === 0)
    return (await ask(whole[name])) ?? undefined;
  if (name === 'member-search') {
    // An infinite query: its first page, as the browser's cache keeps pages.
    const { similar, network: net, ...filters } = args[0] as Json;
    const page = await ask(
      `/api/members.php${query({ ...filters, similar: similar ? 'true' : undefined, network: net })}`,
    );
    return page ? { pages: [page], pageParams: [null] } : undefined;
  }
  return undefined;
}

/**
 * What a member's page starts with besides the site's data (their pages are not drawn here): the
 * account, which every member screen waits for, and the screen's own first call. The browser's
 * first render then asks for nothing; the screen's chunk and first picture are named in the head.
 */
export function memberPageKeys(pathname: string): QueryKey[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const keys: QueryKey[] = [['user']];
  const member = /^\/(?:members|likes\/m)\/(\d{1,15})$/.exec(path)?.[1];
  if (member) keys.push(['member', Number(member)]);
  if (path === '/likes' || /^\/likes\/[a-z]+$/.test(path)) keys.push(['likes']);
  if (path === '/chats') keys.push(['chats']);
  // The search starts from the member's own preferences (web/screens/members/prefill.ts).
  if (path === '/members' || path === '/profile') keys.push(['own-profile']);
  return keys;
}

/** The answers of a member's page's first queries, each under its key; those the API refused left out. */
export async function memberPageData(
  pathname: string,
  opts: { api: PageApi; network?: string },
): Promise<[QueryKey, unknown][]> {
  const call = async (url: string) => (await opts.api(url)).json;
  const answers = await Promise.all(
    memberPageKeys(pathname).map(
      async (key): Promise<[QueryKey, unknown]> => [key, await answer(call, key, opts.network)],
    ),
  );
  return answers.filter(([, data]) => data !== undefined);
}

/**
 * The site's data every page starts with (web/main.tsx): its settings, asked with the page's query
 * as the browser asks (web/api/site.ts), and the company. Answered here, the browser renders without
 * first asking for them; each is null when the API could not answer it (the browser asks then).
 */
export async function siteData(
  request: FastifyRequest,
  opts: { url: string; api: PageApi },
): Promise<{ settings: Json | null; company: Json | null }> {
  const call = async (url: string) => (await opts.api(url)).json;
  const search = opts.url.includes('?') ? opts.url.slice(opts.url.indexOf('?')) : '';
  const settingsQuery = { ...Object.fromEntries(new URLSearchParams(search)), domain: request.hostname };
  const [settings, company] = await Promise.all([
    call(`/api/settings.php${query(settingsQuery)}`),
    call('/api/companyinfo.php'),
  ]);
  return { settings, company };
}

/** The page's HTML and the query state the browser hydrates it with; null when it cannot be drawn. */
export async function drawPage(
  renderer: Renderer,
  request: FastifyRequest,
  opts: { url: string; api: PageApi; network?: string },
): Promise<SsrOutput | null> {
  const call = async (url: string) => (await opts.api(url)).json;
  const { settings, company } = await siteData(request, opts);
  if (!settings || !company) return null;
  const locale = request.locale as Locale;
  // An information page's long texts are a namespace of their own, drawn only where needed.
  const infoPage = infoPageOf(opts.url) !== undefined;
  const input: SsrInput = {
    url: opts.url,
    locale,
    catalogs: Object.fromEntries(
      [locale, FALLBACK_LOCALE].map((lng) => [
        lng,
        { translation: catalog(lng), ...(infoPage ? { pages: catalog(lng, 'pages') } : {}) },
      ]),
    ),
    queries: [
      [['settings'], settings],
      [['companyinfo'], company],
      [['user'], { user: null }],
    ],
    trackingCookie: request.cookies[TRACKING_COOKIE],
  };
  let drawn = await renderer.render(input);
  // The screens' own queries (members of a lander, the member of a landing) come to light as the
  // page is drawn: answer them and draw it again, with them.
  if (drawn.missing.length > 0) {
    const answers = await Promise.all(
      drawn.missing.map(
        async (key): Promise<[QueryKey, unknown]> => [key, await answer(call, key, opts.network)],
      ),
    );
    const found = answers.filter(([, data]) => data !== undefined);
    if (found.length > 0) {
      input.queries.push(...found);
      drawn = await renderer.render(input);
    }
  }
  for (const err of drawn.errors)
    request.log.warn({ err, url: opts.url }, 'a part of the page was left to the browser');
  return drawn;
}

/**
 * A dehydrated state as a JSON data block inside the page (never closes its <script> early): the
 * drawn page's (`ssr-state`, which the browser hydrates) or only the site's data (`site-state`).
 */
export function stateScript(state: unknown, id: 'ssr-state' | 'site-state' = 'ssr-state'): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
