import { useTranslation } from 'react-i18next';

/** The page's shape while its data comes: nothing jumps when it arrives, and screen readers hear it is loading. */
export function Loading({ packages = 0 }: { packages?: number }) {
  const { t } = useTranslation();
  return (
    <div className="credits-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('credits.loading')}
      </p>
      {packages > 0 ? (
        <ul className="credits-packages" aria-hidden="true">
          {Array.from({ length: packages }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <li key={i} className="credits-package is-placeholder" />
          ))}
        </ul>
      ) : (
        <div className="credits-summary is-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
