import './member.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { MemberProfile } from '../../../common/api/member';
import type { SiteSettings } from '../../../common/api/settings';
import { ApiError } from '../../api/client';
import { useMember } from '../../api/member';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { LoginRequiredDialog } from '../../components/LoginRequiredDialog';
import { LazyReportDialog, ReportLink, type ReportRequestState } from '../../components/report/ReportAction';
import { type LoginReason, loginPath } from '../../state/auth';
import { NotFound } from '../error/ErrorPage';
import { PhotoGallery } from './PhotoGallery';
import { BlockControl, ProfileActions } from './ProfileActions';
import { ProfileDetails } from './ProfileDetails';

/** /members/:id and /likes/m/:id: one member's profile, photo first. */
export default function Screen() {
  const params = useParams();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const user = useUser();
  const member = useMember(id);
  const settings = useSettings();
  if (id <= 0) return <NotFound />;
  if (member.error) {
    if (member.error instanceof ApiError && member.error.status === 404) return <NotFound />;
    if (member.error instanceof ApiError && member.error.code === 'authentication_required')
      return <LoginToView />;
    throw member.error;
  }
  if (!member.data || user.isPending)
    return <section className="container member-page member-page-loading" aria-busy="true" />;
  return <ProfileView profile={member.data} settings={settings} visitor={!user.data} />;
}

/** Where visitors may not search, a profile is for members: the ways in. */
function LoginToView() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="container member-page member-login">
      <h1>{t('memberProfile.loginToView')}</h1>
      <div className="member-login-actions">
        <Link to={loginPath(location.pathname)} className="btn btn-primary">
          {t('loginRequired.login')}
        </Link>
        <Link to="/signup" className="btn btn-outline-secondary">
          {t('loginRequired.signup')}
        </Link>
      </div>
    </section>
  );
}

function ProfileView({
  profile,
  settings,
  visitor,
}: {
  profile: MemberProfile;
  settings: SiteSettings;
  visitor: boolean;
}) {
  const { t } = useTranslation();
  const [loginReason, setLoginReason] = useState<LoginReason | null>(null);
  const [report, setReport] = useState<ReportRequestState | null>(null);
  const reportable = !visitor && !profile.own;
  const fictional = profile.fictional && settings.fictional_warning;
  return (
    <article className="container member-page" aria-labelledby="member-name">
      <div className="member-layout">
        <div className="member-photos-column">
          <PhotoGallery
            profile={profile}
            visitor={visitor}
            onLockedByVisitor={() => setLoginReason('photo')}
            onReportPhoto={reportable ? (photoId) => setReport({ subject: 'photo', photoId }) : undefined}
          />
        </div>
        <div className="member-info-column">
          <header className="member-header">
            <h1 id="member-name">
              <span>
                {profile.name}, {profile.age}
              </span>
              {profile.online && (
                <span className="member-online" title={t('memberProfile.online')}>
                  <span className="visually-hidden">{t('memberProfile.online')}</span>
                </span>
              )}
            </h1>
            <p className="member-meta">
              {profile.region && <span>{profile.region}</span>}
              {profile.premium && (
                <span className="member-badge member-badge-premium">{t('memberProfile.premium')}</span>
              )}
              {profile.match && (
                <span className="member-badge member-badge-match">{t('memberProfile.matchBadge')}</span>
              )}
              {!profile.match && profile.likes_you && (
                <span className="member-badge member-badge-likes">
                  {t('memberProfile.likesYou', { name: profile.name })}
                </span>
              )}
              {fictional && settings.fictional_singular && (
                <span className="member-badge member-badge-fictional">
                  {settings.fictional_icon && <span aria-hidden="true">{settings.fictional_icon} </span>}
                  {settings.fictional_singular}
                </span>
              )}
            </p>
          </header>
          {fictional && (
            <p className="member-fictional">
              {settings.fictional_icon && <span aria-hidden="true">{settings.fictional_icon} </span>}
              {settings.fictional_warning}
            </p>
          )}
          {profile.own ? (
            <div className="member-own alert" role="note">
              <p className="mb-2">{t('memberProfile.own.notice')}</p>
              <Link to="/profile" className="btn btn-outline-secondary btn-sm">
                {t('memberProfile.own.edit')}
              </Link>
            </div>
          ) : (
            <ProfileActions profile={profile} visitor={visitor} onLoginRequired={setLoginReason} />
          )}
          <ProfileDetails profile={profile} settings={settings} />
          {reportable && (
            <footer className="member-footer has-report">
              <BlockControl profile={profile} />
              <ReportLink
                label={t('reports.actionMember')}
                onClick={() => setReport({ subject: 'member' })}
              />
            </footer>
          )}
        </div>
      </div>
      <LoginRequiredDialog reason={loginReason} onClose={() => setLoginReason(null)} />
      <LazyReportDialog
        target={{
          id: profile.id,
          name: profile.name,
          photos: profile.photos.map((p) => ({ id: p.id, thumb: p.thumb_filename })),
        }}
        request={report}
        onClose={() => setReport(null)}
      />
    </article>
  );
}
