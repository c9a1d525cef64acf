import { type Locale, NICHES, type Niche } from '../constants';
import { localeFromDomainLanguage } from './locale';

type Translate = (key: string, vars?: Record<string, string | number>) => string;
type Site = {
  name: string;
  index_title: string;
  description: string;
  domain_language: string;
  niche: number;
};

/**
 * The home page's title and description, which every page starts with, in the visitor's language:
 * the site's own words (its settings, written in the site's language) for a visitor in that
 * language, else the welcome of the site's niche from the catalogs, with the site's name.
 */
export function siteIntro(site: Site, locale: Locale, t: Translate): { title: string; description: string } {
  if (localeFromDomainLanguage(site.domain_language) === locale)
    return { title: site.index_title, description: site.description };
  const niche = NICHES[site.niche as Niche] ?? NICHES[1];
  return {
    title: `${t(`home.hero.${niche}.title`)} – ${site.name}`,
    description: t(`home.hero.${niche}.subtitle`, { site: site.name }),
  };
}
