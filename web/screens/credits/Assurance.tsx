import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../api/site';

/** What a buyer wants to know: a secure payment, no subscription, and the money-back period. */
export function Assurance() {
  const { t } = useTranslation();
  const { refund_days } = useSettings();
  return (
    <ul className="credits-assurance">
      <li>{t('credits.assurance.secure')}</li>
      <li>{t('credits.assurance.once')}</li>
      <li>
        {t('credits.assurance.refund', { count: refund_days })}{' '}
        <Link to="/pages/return-policy">{t('credits.assurance.refundLink')}</Link>
      </li>
    </ul>
  );
}
