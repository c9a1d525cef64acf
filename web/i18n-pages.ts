/**
 * The addresses of the namespaced catalogs (`pages`: the information pages' long texts, `admin`: the
 * console's). Not `server`: the texts only the server sends are never part of the web build.
 */
const urls = import.meta.glob<string>('../common/locales/{pages,admin}/*.json', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function pagesCatalogUrl(lng: string, ns: string): string | undefined {
  return urls[`../common/locales/${ns}/${lng}.json`];
}
