import './sites.scss';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useNavigate, useParams } from 'react-router';
import { Field } from '../../../components/FormField';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useStaffCan } from '../../staff-context';
import { useAdminSites } from './api';
import { DiscountCodesTab } from './DiscountCodesTab';
import { GiftsTab } from './GiftsTab';
import { PackagesTab } from './PackagesTab';
import { SettingsTab } from './SettingsTab';

export const SITE_TABS = ['settings', 'packages', 'codes', 'gifts'] as const;
type Tab = (typeof SITE_TABS)[number];

/**
 * /admin/sites/<site id>/<tab>: a site picker and four tabs: the site's settings, its credit
 * packages, its discount codes, and the gift catalogue (shared by all sites). Staff of every role
 * read; only an admin changes anything (the server checks it, the screen says it).
 */
export default function SitesScreen() {
  return (
    <Routes>
      <Route index element={<FirstSite />} />
      <Route path=":siteId/:tab?" element={<SiteScreen />} />
    </Routes>
  );
}

function FirstSite() {
  const sites = useAdminSites();
  const { t } = useTranslation('admin');
  if (sites.isPending) return <Loading />;
  if (sites.isError) return <ErrorAlert error={sites.error} onRetry={() => void sites.refetch()} />;
  const first = sites.data.sites.find((s) => s.is_default) ?? sites.data.sites[0];
  if (!first) return <EmptyState title={t('sites.none')} />;
  return <Navigate to={`/admin/sites/${first.id}/settings`} replace />;
}

function SiteScreen() {
  const { t } = useTranslation('admin');
  const params = useParams();
  const navigate = useNavigate();
  const pickerId = useId();
  const sites = useAdminSites();
  const canEdit = useStaffCan('admin');
  const siteId = Number(params.siteId);
  const tab = (SITE_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : null;
  if (!tab) return <Navigate to={`/admin/sites/${params.siteId}/settings`} replace />;
  if (sites.isPending) return <Loading />;
  if (sites.isError) return <ErrorAlert error={sites.error} onRetry={() => void sites.refetch()} />;
  const site = sites.data.sites.find((s) => s.id === siteId);
  if (!site)
    return (
      <>
        <PageHeader title={t('sites.title')} />
        <EmptyState title={t('sites.unknownSite')} />
      </>
    );

  return (
    <>
      <PageHeader
        title={t('sites.title')}
        documentTitle={`${site.name} · ${t(`sites.tabs.${tab}`)}`}
        subtitle={canEdit ? t('sites.subtitle') : t('sites.readOnly')}
        actions={
          <Field id={pickerId} label={t('sites.picker')} className="sites-picker">
            {(aria) => (
              <select
                {...aria}
                className="form-select form-select-sm"
                value={site.id}
                onChange={(e) => void navigate(`/admin/sites/${e.target.value}/${tab}`)}
              >
                {sites.data.sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.domain})
                  </option>
                ))}
              </select>
            )}
          </Field>
        }
      />
      <nav className="sites-tabs" aria-label={t('sites.tabsLabel', { site: site.name })}>
        {SITE_TABS.map((name) => (
          <NavLink key={name} to={`/admin/sites/${site.id}/${name}`} className="sites-tabs__link">
            {t(`sites.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'settings' && <SettingsTab key={site.id} siteId={site.id} canEdit={canEdit} />}
      {tab === 'packages' && <PackagesTab key={site.id} siteId={site.id} canEdit={canEdit} />}
      {tab === 'codes' && <DiscountCodesTab key={site.id} siteId={site.id} canEdit={canEdit} />}
      {tab === 'gifts' && <GiftsTab key={site.id} siteId={site.id} canEdit={canEdit} />}
    </>
  );
}
