import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * After filing: the reference, big enough to copy or read out, and where the confirmation went.
 * The heading takes focus, so a screen reader says at once that the complaint arrived.
 */
export function ComplaintSent({
  reference,
  email,
  onAnother,
}: {
  reference: string;
  email: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="complaint-sent">
      <div className="complaint-sent-mark" aria-hidden="true">
        ✓
      </div>
      <h2 ref={heading} tabIndex={-1}>
        {t('complaints.done.title')}
      </h2>
      <dl className="complaint-reference">
        <dt>{t('complaints.done.reference')}</dt>
        <dd>{reference}</dd>
      </dl>
      <p>{t('complaints.done.text', { email })}</p>
      <p className="complaint-aside-text">{t('complaints.done.checkSpam')}</p>
      <div className="complaint-actions">
        <Link to="/" className="btn btn-primary">
          {t('complaints.done.home')}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={onAnother}>
          {t('complaints.done.another')}
        </button>
      </div>
    </div>
  );
}
