/** The addresses of the namespaced catalogs (`pages`: the information pages' long texts). */
const urls = import.meta.glob<string>('../common/locales/*/*.json', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function pagesCatalogUrl(lng: string, ns: string): string | undefined {
  return urls[`../common/locales/${ns}/${lng}.json`];
}
