import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, type Locale, NICHES, type Niche, TRACKING_COOKIE } from '../../common/constants';
import { infoPageKey, infoPageOf } from '../../common/rules/info-pages';
import { landerOf, nicheOfSlug } from '../../common/rules/landers';
import { siteIntro } from '../../common/rules/site-intro';
import { currentTracking, parseTracking } from '../../common/rules/tracking';
import { translate } from '../i18n';
import { prefetchScript } from '../infra/ssr/prefetch-files';
import { preloadTags, readManifest } from '../infra/ssr/route-preloads';
import {
  drawnOnServer,
  drawPage,
  memberPageData,
  memberProfileUrl,
  pageApi,
  type Renderer,
  siteData,
  stateScript,
} from '../infra/ssr/ssr';
import { sendError } from '../plugins/errors';
import { shareProfile } from '../services/discovery/share';
import { type PageStatus, pageStatus } from '../services/spa-status';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * A drawn page (a lander) is readable without its JavaScript: the browser loads and paints it, its
 * pictures included, and only then fetches and starts the app (/boot.js, web/public/boot.js), which
 * hydrates it. The scripts and catalogs the page would name for preloading go to boot.js instead:
 * fetched earlier they would compete with the page's own pictures on a slow connection.
 */
function startAfterLoad(html: string): string {
  const modules: string[] = [];
  const fetches: string[] = [];
  const page = html.replace(
    /<link rel="(modulepreload|preload" as="fetch)" crossorigin href="([^"]+)">\s*/g,
    (_tag, kind: string, href: string) => {
      (kind === 'modulepreload' ? modules : fetches).push(href);
      return '';
    },
  );
  return page.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, entry: string) =>
      `<script src="/boot.js" data-entry="${entry}" data-modules="${modules.join(' ')}" data-fetches="${fetches.join(' ')}" defer></script>`,
  );
}

/** The hero pictures' size at the width a link preview gets (services/sites/hero-images.ts, 16:9). */
const HERO_SHARE = { width: 1280, height: 720 } as const;

/** A member's page, a member landing (`/members/{id}/landing` …) or a lander, as a link names it. */
function sharedPage(pathname: string): { member: number } | { lander: string | undefined } | null {
  const member = /^\/members\/(\d{1,15})(?:\/[^/]+(?:\/[^/]+)?)?\/?$/.exec(pathname);
  if (member && (member[0].split('/').length <= 3 || landerOf(pathname) === 'member-landing'))
    return { member: Number(member[1]) };
  if (landerOf(pathname).startsWith('landers/')) return { lander: pathname.split('/')[3] || undefined };
  return null;
}

/**
 * The link preview of a page (Open Graph and Twitter card tags), for the crawlers of messengers and
 * social networks, which read the page without running its JavaScript. A member's page and a member
 * landing show the member as a visitor may see them (services/discovery/share.ts): nobody where the
 * site lets visitors see no profiles (its logged-out rule, as /api/member.php applies it), and no
 * picture but the approved, public main photo. A lander shows its niche's hero picture. Addresses
 * are absolute, on the site's own domain.
 */
async function shareTags(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<string> {
  const s = request.site.settings;
  const origin = app.services.mailer.linkOrigin(request.site.domain);
  const locale = request.locale as Locale;
  let { title, description } = introOf(request);
  let image: { url: string; width: number; height: number; alt: string } | null = null;
  const page = sharedPage(pathname);
  if (page && 'member' in page) {
    const network = new URLSearchParams(request.url.split('?')[1] ?? '').get('network');
    const rule = network ? s.logged_out_search_trafficsource : s.logged_out_search;
    const member =
      rule === 'none'
        ? null
        : await shareProfile(app.services.db, request.site.id, page.member, app.services.now());
    if (member) {
      const vars = { name: member.name, age: member.age, site: s.name };
      title = translate(locale, 'share.profileTitle', vars);
      description = translate(locale, 'share.profileDescription', vars);
      if (member.image)
        image = {
          url: `${origin}${member.image.path}`,
          width: member.image.width,
          height: member.image.height,
          alt: translate(locale, 'share.profileImageAlt', vars),
        };
    }
  } else if (page) {
    const niche = nicheOfSlug(page.lander, s.niche as Niche);
    if (niche !== null)
      image = {
        url: `${origin}/hero/${NICHES[niche]}-${HERO_SHARE.width}.webp`,
        ...HERO_SHARE,
        alt: translate(locale, 'share.heroImageAlt', { site: s.name }),
      };
  }
  const tags: [string, string | number][] = [
    ['og:type', page && 'member' in page ? 'profile' : 'website'],
    ['og:site_name', s.name],
    ['og:title', title],
    ['og:description', description],
    ['og:url', `${origin}${pathname}`],
    ['og:locale', locale],
  ];
  if (image)
    tags.push(
      ['og:image', image.url],
      ['og:image:type', 'image/webp'],
      ['og:image:width', image.width],
      ['og:image:height', image.height],
      ['og:image:alt', image.alt],
    );
  const twitter: [string, string][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', description],
  ];
  if (image) twitter.push(['twitter:image', image.url], ['twitter:image:alt', image.alt]);
  return [
    ...tags.map(([p, v]) => `<meta property="${p}" content="${escapeHtml(String(v))}">`),
    ...twitter.map(([n, v]) => `<meta name="${n}" content="${escapeHtml(v)}">`),
  ].join('');
}

/** The home page's title and description in the visitor's language (common/rules/site-intro.ts). */
function introOf(request: FastifyRequest) {
  const locale = request.locale as Locale;
  return siteIntro(request.site.settings, locale, (key, vars) => translate(locale, key, vars));
}

/**
 * The title a page starts with, in the visitor's language, as the app then keeps it: the 404 page's,
 * an information page's, a lander's or member landing's, else the home page's (the app names its
 * other screens itself).
 */
function pageTitle(request: FastifyRequest, pathname: string, status: PageStatus): string {
  const locale = request.locale as Locale;
  const name = request.site.settings.name;
  const lander = landerOf(pathname);
  const info = infoPageOf(pathname);
  if (status !== 200) return `${translate(locale, 'error.pageNotFound')} – ${name}`;
  if (info) return `${translate(locale, `pages:${infoPageKey(info)}.title`)} – ${name}`;
  if (lander === 'member-landing') return `${translate(locale, 'memberLanding.pageTitle')} – ${name}`;
  if (lander.startsWith('landers/')) return `${translate(locale, 'landers.pageTitle')} – ${name}`;
  return introOf(request).title;
}

/**
 * The preload of a member page's largest picture, its first photo (web/screens/member/PhotoGallery.tsx),
 * from the data the page brings; nothing for other pages.
 */
function firstPictureTag(data: [readonly unknown[], unknown][]): string {
  const profile = data.find(([key]) => key[0] === 'member')?.[1] as
    | { photos?: { filename: string }[] }
    | undefined;
  const photo = profile?.photos?.[0]?.filename;
  return photo ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(photo)}">` : '';
}

/**
 * Every path that is not an API call or a file gets the SPA, which routes it. An address the app
 * shows its 404 page for is answered 404 (410 for a deleted member's page) with that same page
 * (services/spa-status.ts). The page starts with its title, the site's description and the
 * language, in the visitor's language, so the first paint and crawlers see the right ones.
 */
export const spaRoutes: FastifyPluginAsync<{
  webDir: string;
  renderer?: Renderer | null;
  geoipHeader?: string;
}> = async (app, opts) => {
  const template = fs.readFileSync(path.join(opts.webDir, 'index.html'), 'utf8');
  const manifest = readManifest(opts.webDir);
  const likelyNext = prefetchScript(manifest);

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/') || path.extname(pathname)) {
      return sendError(request, reply, 404, 'not_found');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendError(request, reply, 404, 'not_found');
    const s = request.site.settings;
    const api = pageApi(app, request, opts.geoipHeader ?? 'cf-ipcountry');
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // The network the page asks for its member with (web/state/tracking.ts): the address's, else the remembered one.
    const { network } = currentTracking(pathname, search, parseTracking(request.cookies[TRACKING_COOKIE]));
    const status = await pageStatus(app.services.db, {
      siteId: request.site.id,
      siteNiche: s.niche as Niche,
      pathname,
      signedIn: Boolean(request.cookies[AUTH_COOKIE]),
      memberAnswer: async (id) => (await api(memberProfileUrl(id, network))).status,
    });
    let html = template
      .replace('<html lang="en">', `<html lang="${request.locale}">`)
      .replace('</body>', `${likelyNext}</body>`)
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(pageTitle(request, pathname, status))}</title>`)
      .replace(
        '<meta name="description" content="">',
        `<meta name="description" content="${escapeHtml(introOf(request).description)}">`,
      )
      .replace(
        '</head>',
        `${await shareTags(app, request, pathname)}${preloadTags(manifest, { pathname, locale: request.locale, siteNiche: s.niche as Niche })}</head>`,
      );
    // Landers and member landings: their first paint drawn here (server/infra/ssr/ssr.ts); the page
    // is the plain app page whenever that cannot be done.
    // The offline shell the service worker keeps (web/sw/offline.ts) is the plain app page: nothing
    // drawn for one visitor, no member's data. It asks for it so; the page that is one says so.
    const shellAsked = request.headers['x-app-shell'] === '1';
    let drawn: Awaited<ReturnType<typeof drawPage>> = null;
    if (opts.renderer && request.method === 'GET' && !shellAsked && drawnOnServer(request, pathname)) {
      drawn = await drawPage(opts.renderer, request, { url: request.url, api, network }).catch(
        (err: unknown) => {
          request.log.error({ err }, 'the server could not draw the page');
          return null;
        },
      );
      if (drawn)
        html = startAfterLoad(html).replace(
          '<div id="root"></div>',
          `<div id="root">${drawn.html}</div>${stateScript(drawn.state)}`,
        );
    }
    // Every other page brings the site's data, so the app's first render waits for no API call of
    // its own (settings, company); the drawn pages have them in their state already.
    // A member's page brings the member's first data too (server/infra/ssr/ssr.ts memberPageKeys)
    // and names its first picture, so it renders after one round trip; that page is theirs alone.
    const signedIn = Boolean(request.cookies[AUTH_COOKIE]);
    if (!drawn) {
      const [{ settings, company }, memberData] = await Promise.all([
        siteData(request, { url: request.url, api }),
        signedIn && status === 200 && !shellAsked ? memberPageData(pathname, { api, network }) : [],
      ]);
      const state = [
        ...(settings ? [[['settings'], settings]] : []),
        ...(company ? [[['companyinfo'], company]] : []),
        ...memberData,
      ];
      html = html.replace('</head>', `${firstPictureTag(memberData)}</head>`);
      if (memberData.length === 0) reply.header('x-app-shell', '1');
      if (state.length > 0)
        html = html.replace(
          '<div id="root"></div>',
          `<div id="root"></div>${stateScript(state, 'site-state')}`,
        );
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', signedIn ? 'private, no-cache' : 'no-cache')
      .header('vary', 'X-App-Shell')
      .send(html);
  };
  // A route of its own for what a browser opens, so the page goes through the route hooks
  // (compression among them); other methods and what no route takes end in the same handler.
  app.get('/*', { schema: { hide: true } }, page);
  app.setNotFoundHandler(page);
};
