import './reports.scss';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useNotices } from '../../api/reports';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { NoticeList } from './NoticeList';
import { ReportList } from './ReportList';

/**
 * /reports: "My reports": the member's reports and where they stand, and the decisions
 * about their own account (statements of reasons, rejected photos, answers to their reports). The
 * decisions come first when there are any: they may ask something of the member.
 */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const notices = useNotices(Boolean(user));
  if (!isPending && !user) return <Navigate to={loginPath('/reports')} replace />;
  const decisionsFirst = (notices.data?.notices.length ?? 0) > 0;
  const decisions = <NoticeList key="notices" query={notices} />;
  const reports = <ReportList key="reports" enabled={Boolean(user)} />;
  return (
    <div className="container reports-page">
      <header className="reports-header">
        <h1>{t('reports.list.title')}</h1>
        <p className="lead">{t('reports.list.intro')}</p>
      </header>
      <div className="reports-sections">{decisionsFirst ? [decisions, reports] : [reports, decisions]}</div>
    </div>
  );
}
