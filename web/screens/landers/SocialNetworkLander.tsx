import './socialnetwork.scss';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { useSettings } from '../../api/site';
import {
  FictionalBadge,
  FictionalNote,
  HeroImage,
  SignupCta,
  useLander,
  useLanderMembers,
  useNicheTexts,
} from './kit';

/** Posts in the feed. */
const FEED = 9;
/** On phones (no side panel) the signup card comes after this many posts. */
const INVITE_AFTER = 3;
/** Avatars in the cover's row. */
const FACES = 5;
/** Region tags in the side panel. */
const TAGS = 8;

/**
 * /landers/socialnetwork/{slug?}: a social feed. The niche's picture as the cover, then a column
 * of posts, one per real member (photo, name, age, region), whose like and message buttons lead to
 * signup; on wide screens a side panel keeps the invitation in view. Captions say only what is
 * true of every member shown: where they are.
 */
export default function SocialNetworkLander() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(FEED);
  const regions = [...new Set(profiles.map((p) => p.region).filter((r): r is string => Boolean(r)))];
  return (
    <div className={`lander social-lander niche-${nicheName}`}>
      <header className="social-cover container">
        <div className="social-cover-picture">
          <HeroImage niche={nicheName} priority sizes="(min-width: 1200px) 1110px, 100vw" />
        </div>
        <div className="social-cover-bar">
          <span className="social-cover-logo" aria-hidden="true">
            {settings.name.slice(0, 1)}
          </span>
          <div className="social-cover-text">
            <h1>{t('landers.socialnetwork.title', { site: settings.name })}</h1>
            <p>{niche.subtitle}</p>
          </div>
          <div className="social-cover-join">
            {/* Its room is kept while the members load, so the button beside it does not move. */}
            {(loading || profiles.length > 0) && (
              <span className="social-faces" aria-hidden="true">
                {profiles
                  .slice(0, FACES)
                  .map((p) =>
                    p.main_image ? (
                      <img key={p.id} src={p.main_image.thumb_filename} width={320} height={400} alt="" />
                    ) : null,
                  )}
              </span>
            )}
            <SignupCta className="btn btn-primary social-join">{t('landers.socialnetwork.join')}</SignupCta>
          </div>
        </div>
      </header>

      <div className="container social-layout">
        <section className="social-feed" aria-labelledby="social-feed-title" aria-busy={loading}>
          <h2 id="social-feed-title" className="social-feed-title">
            {t('landers.socialnetwork.feedTitle', { site: settings.name })}
          </h2>
          {loading ? (
            <div aria-hidden="true">
              <div className="social-post social-post-placeholder" />
              <div className="social-post social-post-placeholder" />
            </div>
          ) : profiles.length > 0 ? (
            <ol className="social-posts">
              {profiles.map((p, i) => (
                <Fragment key={p.id}>
                  <li>
                    <Post profile={p} first={i === 0} />
                  </li>
                  {i === INVITE_AFTER - 1 && profiles.length > INVITE_AFTER && (
                    <li className="social-invite-item">
                      <Invite id="social-invite-feed" />
                    </li>
                  )}
                </Fragment>
              ))}
            </ol>
          ) : (
            <div className="social-empty">
              <h3>{t('landers.socialnetwork.empty.title', { site: settings.name })}</h3>
              <p>{t('landers.socialnetwork.empty.text')}</p>
              <SignupCta />
            </div>
          )}
          {profiles.length > 0 && (
            <div className="social-end">
              <h3>{t('landers.socialnetwork.end.title')}</h3>
              <p>{t('landers.socialnetwork.end.text', { site: settings.name })}</p>
              <SignupCta className="btn btn-primary btn-lg" />
            </div>
          )}
          <FictionalNote profiles={profiles} className="social-fictional-note" />
        </section>

        <aside className="social-side" aria-labelledby="social-side-title">
          <div className="social-side-card">
            <h2 id="social-side-title">{t('landers.socialnetwork.side.title', { site: settings.name })}</h2>
            <ul className="social-side-points">
              {(['free', 'like', 'chat'] as const).map((point) => (
                <li key={point}>{t(`landers.socialnetwork.side.${point}`)}</li>
              ))}
            </ul>
            <SignupCta className="btn btn-primary btn-lg w-100" />
            <p className="social-side-login">
              {t('landers.socialnetwork.side.member')}{' '}
              <Link to="/login">{t('landers.socialnetwork.side.login')}</Link>
            </p>
          </div>
          {regions.length > 0 && (
            <div className="social-side-card">
              <h2 className="social-side-small">{t('landers.socialnetwork.side.regions')}</h2>
              <ul className="social-tags">
                {regions.slice(0, TAGS).map((region) => (
                  <li key={region}>{region}</li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

function Post({ profile, first }: { profile: ProfileCard; first: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const image = profile.main_image;
  const headingId = `social-post-${profile.id}`;
  return (
    <article className="social-post" aria-labelledby={headingId}>
      <header className="social-post-head">
        <span className="social-avatar">
          {image ? (
            <img
              src={image.thumb_filename}
              width={320}
              height={400}
              alt=""
              loading={first ? 'eager' : 'lazy'}
            />
          ) : (
            <span aria-hidden="true">{profile.name.slice(0, 1)}</span>
          )}
          {profile.online && <span className="social-avatar-online" />}
        </span>
        <div className="social-post-who">
          <h3 id={headingId}>
            {profile.name}, {profile.age}
          </h3>
          <p>
            {profile.region
              ? t('landers.socialnetwork.caption', { region: profile.region })
              : t('landers.socialnetwork.captionSite', { site: settings.name })}
            {profile.online && <span className="social-online">{t('landers.socialnetwork.online')}</span>}
          </p>
        </div>
        <FictionalBadge profile={profile} className="social-fictional" />
      </header>
      <div className="social-post-photo">
        {image ? (
          <img
            src={image.filename}
            srcSet={`${image.thumb_filename} 320w, ${image.filename} 640w`}
            sizes="(min-width: 576px) 528px, 100vw"
            width={640}
            height={800}
            alt={t('profile.photoOf', { name: profile.name })}
            loading={first ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="social-post-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
      </div>
      {/* Liking and writing are for members: both lead to signup. */}
      <div className="social-post-actions">
        <Link
          to="/signup"
          className="social-action"
          aria-label={t('landers.socialnetwork.likeName', { name: profile.name })}
        >
          <HeartIcon />
          <span aria-hidden="true">{t('landers.socialnetwork.like')}</span>
        </Link>
        <Link
          to="/signup"
          className="social-action"
          aria-label={t('landers.socialnetwork.messageName', { name: profile.name })}
        >
          <BubbleIcon />
          <span aria-hidden="true">{t('landers.socialnetwork.message')}</span>
        </Link>
      </div>
    </article>
  );
}

/** The signup card in the feed, for phones, where the side panel is further down. */
function Invite({ id }: { id: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <section className="social-invite" aria-labelledby={id}>
      <h3 id={id}>{t('landers.socialnetwork.invite.title')}</h3>
      <p>{t('landers.socialnetwork.invite.text', { site: settings.name })}</p>
      <SignupCta className="btn btn-light btn-lg w-100" />
    </section>
  );
}

const HeartIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      d="M12 20.5 10.9 19.5C6 15.1 3 12.4 3 8.9 3 6.2 5.1 4 7.8 4c1.6 0 3.1.8 4.2 2 1.1-1.2 2.6-2 4.2-2C18.9 4 21 6.2 21 8.9c0 3.5-3 6.2-7.9 10.6Z"
    />
  </svg>
);

const BubbleIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z"
    />
  </svg>
);
