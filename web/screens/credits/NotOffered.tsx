import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type NotOfferedKind = 'package' | 'method' | 'payment' | 'noPurchase';

/** A package, method or payment that is not there for this member: what happened, and the way back to the packages. */
export function NotOffered({ kind, detail }: { kind: NotOfferedKind; detail?: string }) {
  const { t } = useTranslation();
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-missing-title">
      <div className="pay-result is-missing">
        <h1 id="credits-missing-title">{t(`credits.missing.${kind}.title`)}</h1>
        <p>{detail ?? t(`credits.missing.${kind}.text`)}</p>
        <Link to="/credits" className="btn btn-primary">
          {t('credits.missing.link')}
        </Link>
      </div>
    </section>
  );
}
