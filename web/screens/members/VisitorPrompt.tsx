import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../api/site';
import { loginPath } from '../../state/auth';

/** Where the site keeps its members to members (logged_out_search): sign up or log in to search. */
export function VisitorPrompt() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="members-visitor">
      <div className="members-visitor-mark" aria-hidden="true">
        ♥
      </div>
      <h2>{t('members.visitor.title')}</h2>
      <p>{t('members.visitor.text', { site: settings.name })}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to="/signup" className="btn btn-primary btn-lg">
          {t('members.visitor.signup')}
        </Link>
        <Link to={loginPath('/members')} className="btn btn-outline-secondary btn-lg">
          {t('members.visitor.login')}
        </Link>
      </div>
    </div>
  );
}
