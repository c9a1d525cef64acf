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
  // A visitor may start typing into the drawn signup form before the app takes over, and the
  // form, once it does, fills its fields from the signup draft (web/screens/signup/draft.ts, the
  // same storage key): what is typed meanwhile goes into that draft, so none of it is lost. The
  // password is never written.
  const DRAFT_KEY = 'signup-draft';
  const DRAFT_FIELDS = new Set([
    'email',
    'name',
    'date_of_birth',
    'signup_message',
    'gender',
    'seeking_gender',
  ]);
  const keepTyped = (event) => {
    const field = event.target;
    if (!field?.closest?.('form.signup-form') || !DRAFT_FIELDS.has(field.name)) return;
    if (field.type === 'radio' && !field.checked) return;
    try {
      const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || '{}');
      draft[field.name] = field.value;
      localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Storage unavailable: the field keeps its text on this page only.
    }
  };
  document.addEventListener('input', keepTyped, true);
  document.addEventListener('change', keepTyped, true);

  // After the paint that follows the load event.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
