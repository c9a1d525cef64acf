import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COUNTRY_COOKIE, type Locale } from '../../common/constants';
import { requestLocale } from '../i18n';
import type { Site, SiteRegistry } from '../services/sites/sites';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    locale: Locale;
    /** The country the proxy says the visitor is in, or null when it does not say. */
    geoipCountry: string | null;
    /** The visitor's country among the site's countries (choice, else geoip, else the site's first). */
    selectedCountry: string;
  }
}

const COUNTRY = /^[A-Z]{2}$/;
// Cloudflare's "unknown" and "Tor" pseudo-countries.
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

function asCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  return COUNTRY.test(v) && !NOT_A_COUNTRY.has(v) ? v : null;
}

export function selectCountry(site: Site, ...candidates: (string | null | undefined)[]): string {
  const list = site.settings.countries;
  for (const c of candidates) {
    const v = asCountry(c);
    if (v && list.includes(v)) return v;
  }
  return list[0] ?? 'NL';
}

/** Resolves, once per request, the site (by host), the visitor's country and language. */
export const requestContext = fp<{ sites: SiteRegistry; geoipHeader: string }>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('site', null as unknown as Site);
    app.decorateRequest('locale', 'en');
    app.decorateRequest('geoipCountry', null);
    app.decorateRequest('selectedCountry', 'NL');
    app.addHook('onRequest', async (request) => {
      // Set before the site is looked up, so an error there still answers in the visitor's language.
      request.locale = requestLocale(request.cookies);
      if (request.routeOptions.config?.siteless) return;
      const site = await opts.sites.resolve(request.hostname);
      request.site = site;
      request.geoipCountry = asCountry(request.headers[opts.geoipHeader]);
      request.selectedCountry = selectCountry(site, request.cookies[COUNTRY_COOKIE], request.geoipCountry);
      request.locale = requestLocale(request.cookies, site.settings.domain_language, request.selectedCountry);
    });
  },
);
