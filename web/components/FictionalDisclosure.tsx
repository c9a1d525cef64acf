import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/site';

/**
 * Where the site has fictional profiles, its own disclosure, in its own words: before every
 * purchase, and above search results that show such a profile. Nothing where it has none.
 *
 * `className` is the class of the screen's own styles: the box takes it, its parts take it with
 * `-icon`, `-title` and `-mark`. `titled` is the credits screens' form: a heading of its own (the
 * member is about to pay there) and how the profiles are marked; elsewhere the site's plural
 * name leads the sentence.
 */
export function FictionalDisclosure({ className, titled = false }: { className: string; titled?: boolean }) {
  const { t } = useTranslation();
  const s = useSettings();
  const titleId = useId();
  if (!s.fictional_warning) return null;
  const icon = s.fictional_icon && (
    <span className={`${className}-icon`} aria-hidden="true">
      {s.fictional_icon}
    </span>
  );
  if (!titled)
    return (
      <aside className={className} aria-label={s.fictional_plural ?? undefined}>
        {icon}
        <p>
          {s.fictional_plural && <strong>{s.fictional_plural}: </strong>}
          {s.fictional_warning}
        </p>
      </aside>
    );
  return (
    <aside className={className} aria-labelledby={titleId}>
      {icon}
      <div>
        <h2 id={titleId} className={`${className}-title`}>
          {s.fictional_plural
            ? t('credits.fictional.titleNamed', { plural: s.fictional_plural })
            : t('credits.fictional.title')}
        </h2>
        <p>{s.fictional_warning}</p>
        {s.fictional_icon && s.fictional_singular && (
          <p className={`${className}-mark`}>
            {t('credits.fictional.mark', { icon: s.fictional_icon, singular: s.fictional_singular })}
          </p>
        )}
      </div>
    </aside>
  );
}
