// The start of a page the server has drawn (a lander, server/infra/ssr/ssr.ts). The page is whole
// without JavaScript (its calls to action are links), so the browser loads and paints it first,
// pictures included; then the app's files are fetched together (data-modules: the entry's and the
// screen's chunks, data-fetches: the language's catalogs) and the entry (data-entry) hydrates it.
(() => {
  const data = document.currentScript?.dataset;
  if (!data?.entry) return;
  const start = () => {
    const add = (attrs) => document.head.append(Object.assign(document.createElement('link'), attrs));
    for (const href of (data.modules ?? '').split(' ').filter(Boolean))
      add({ rel: 'modulepreload', href, crossOrigin: '' });
    for (const href of (data.fetches ?? '').split(' ').filter(Boolean))
      add({ rel: 'preload', as: 'fetch', href, crossOrigin: '' });
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = data.entry;
    document.head.append(script);
  };
  // After the paint that follows the load event.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
