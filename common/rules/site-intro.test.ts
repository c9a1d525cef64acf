import { describe, expect, it } from 'vitest';
import { siteIntro } from './site-intro';

const amora = {
  name: 'Amora',
  index_title: 'Amora – daten en chatten met singles bij jou in de buurt',
  description: 'Ontmoet echte singles bij jou in de buurt.',
  domain_language: 'nl_NL',
  niche: 1,
};
const t = (key: string, vars: Record<string, string | number> = {}) => `${key}${JSON.stringify(vars)}`;

describe("the home page's title and description", () => {
  it("are the site's own words for a visitor in the site's language", () => {
    expect(siteIntro(amora, 'nl', t)).toEqual({ title: amora.index_title, description: amora.description });
  });

  it("are the niche's welcome in any other language, with the site's name", () => {
    expect(siteIntro(amora, 'en', t)).toEqual({
      title: 'home.hero.plain.title{} – Amora',
      description: 'home.hero.plain.subtitle{"site":"Amora"}',
    });
    expect(siteIntro({ ...amora, niche: 6 }, 'de', t).title).toBe('home.hero.milf.title{} – Amora');
  });
});
