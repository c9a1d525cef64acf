import '../OfferAlert.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../api/user';
import { useRouteHandle } from '../../route-handle';

/**
 * A new decision about the member's account or report: a line on the member pages until
 * they have read it under "My reports". The layout loads it only when the user object counts unread
 * notices, so it costs the others nothing.
 */
export default function NoticeAlert() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  if (!user?.unread_notices || handle.name === 'reports') return null;
  return (
    <div className="container offer-alert-wrap">
      <div className="offer-alert notice-alert" role="status">
        <span className="offer-alert-icon" aria-hidden="true">
          !
        </span>
        <p>{t('notices.alert')}</p>
        <Link to="/reports#notices" className="btn btn-sm btn-primary">
          {t('notices.alertLink')}
        </Link>
      </div>
    </div>
  );
}
