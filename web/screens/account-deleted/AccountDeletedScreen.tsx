import './account-deleted.scss';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REACTIVATION_DAYS } from '../../../common/constants';
import { ReactivationMailForm } from './ReactivationMailForm';
import { ReactivationPrompt } from './ReactivationPrompt';

/**
 * /account-deleted: where deletion ends (no member data: the member is logged out), and where the
 * reactivation mail's link lands with ?token= to bring the account back.
 */
export default function Screen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <ReactivationPrompt token={token} />;
  return (
    <section className="container account-deleted">
      <div className="account-deleted-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('accountDeleted.heading')}</h1>
      <p className="lead">{t('accountDeleted.text')}</p>
      <div className="account-deleted-card">
        <h2>{t('accountDeleted.changedMind')}</h2>
        <p>{t('accountDeleted.mailSent', { days: REACTIVATION_DAYS })}</p>
        <ReactivationMailForm />
      </div>
      <Link to="/" className="btn btn-outline-secondary">
        {t('accountDeleted.home')}
      </Link>
    </section>
  );
}
