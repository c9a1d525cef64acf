import './moderation.scss';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { QUEUE_COUNT_CAP } from '../../../../common/api/admin/moderation';
import { PageHeader } from '../../components/PageHeader';
import { usePhotoQueue, useReportList } from './api';
import { PhotoQueue } from './PhotoQueue';
import { ReportList } from './ReportList';
import { ReportPage } from './ReportPage';

/** "12", or "1000+" once the count reached its cap. */
export const waitingCount = (n: number, format: (n: number) => string) =>
  n >= QUEUE_COUNT_CAP ? `${format(QUEUE_COUNT_CAP)}+` : format(n);

function Tabs() {
  const { t, i18n } = useTranslation('admin');
  const photos = usePhotoQueue(null);
  const reports = useReportList({ status: 'open', site: null, reason: null });
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const tabs = [
    { to: 'photos', label: t('moderation.tabs.photos'), count: photos.data?.pages[0]?.waiting },
    { to: 'reports', label: t('moderation.tabs.reports'), count: reports.data?.pages[0]?.open },
  ];
  return (
    <nav aria-label={t('moderation.tabs.label')}>
      <ul className="nav nav-tabs admin-moderation-tabs">
        {tabs.map((tab) => (
          <li className="nav-item" key={tab.to}>
            <NavLink to={`/admin/moderation/${tab.to}`} className="nav-link">
              {tab.label}
              {tab.count !== undefined && (
                <span className={`badge ms-2 ${tab.count > 0 ? 'text-bg-warning' : 'text-bg-light'}`}>
                  {waitingCount(tab.count, format)}
                  <span className="visually-hidden"> {t('moderation.tabs.waiting')}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Queue(props: { tab: 'photos' | 'reports' }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader
        title={t('moderation.title')}
        documentTitle={`${t(`moderation.tabs.${props.tab}`)} – ${t('moderation.title')}`}
        subtitle={t(`moderation.${props.tab}.intro`)}
      />
      <Tabs />
      {props.tab === 'photos' ? <PhotoQueue /> : <ReportList />}
    </>
  );
}

/**
 * The moderation queue: /admin/moderation/photos (new and changed photos to approve or
 * reject), /admin/moderation/reports (open reports, oldest first) and a report's page. Support
 * reads; the buttons that decide show for moderators and admins (the server checks again).
 */
export default function ModerationScreen() {
  return (
    <Routes>
      <Route index element={<Navigate to="reports" replace />} />
      <Route path="photos" element={<Queue tab="photos" />} />
      <Route path="reports" element={<Queue tab="reports" />} />
      <Route path="reports/:id" element={<ReportPage />} />
    </Routes>
  );
}
