import './video.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { useSettings } from '../../api/site';
import {
  FictionalBadge,
  FictionalNote,
  HeroImage,
  type NicheName,
  PauseIcon,
  PlayIcon,
  REDUCED_MOTION,
  SignupCta,
  useLander,
  useLanderMembers,
  useMedia,
  useNicheTexts,
} from './kit';

/** Members asked for: the stage shows those with a photo, the list the first few. */
const POOL = 10;
/** Members in the list beside the stage. */
const LIST = 6;
/** How long a member stays on the stage (the progress bar in video.scss runs as long). */
export const SCENE_MS = 5000;
/** The preview starts when its first photo has loaded, or after this long at the latest. */
const START_WAIT_MS = 4000;

/**
 * /landers/video/{slug?}: a video-call look without a video. A 16:9 stage shows the niche's
 * picture first; then real members take turns in the call frame (CSS opacity and transform, no
 * media file, no sound), with a play/pause button. Beside it the members, "available to chat" only
 * when they are online, and "start chatting", which is signup.
 */
export default function VideoLander() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(POOL);
  const onStage = profiles.filter((p) => p.main_image !== null);
  // Online members first; their order otherwise is the showcase's (most recently active first).
  const listed = [...profiles].sort((a, b) => Number(b.online) - Number(a.online)).slice(0, LIST);
  const anyOnline = listed.some((p) => p.online);
  return (
    <div className={`lander video-lander niche-${nicheName}`}>
      <section className="video-top" aria-labelledby="video-title">
        <div className="container">
          <div className="video-head">
            <p className="video-eyebrow">{niche.title}</p>
            <h1 id="video-title">{t('landers.video.title')}</h1>
            <p className="video-lead">{niche.subtitle}</p>
          </div>
          <div className="video-layout">
            <Stage niche={nicheName} members={onStage} />
            <section className="video-people" aria-labelledby="video-people-title" aria-busy={loading}>
              <h2 id="video-people-title">
                {anyOnline && <span className="video-live-dot" aria-hidden="true" />}
                {anyOnline ? t('landers.video.people.online') : t('landers.video.people.title')}
              </h2>
              {loading ? (
                <div aria-hidden="true">
                  {Array.from({ length: LIST }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                    <div key={i} className="video-person video-person-placeholder" />
                  ))}
                </div>
              ) : listed.length > 0 ? (
                <ul className="video-people-list">
                  {listed.map((p) => (
                    <li key={p.id}>
                      <Person profile={p} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="video-people-empty">
                  {t('landers.video.people.empty', { site: settings.name })}
                </p>
              )}
              <FictionalNote profiles={listed} className="video-fictional-note" />
              <SignupCta className="btn btn-primary btn-lg w-100 video-cta">
                {t('landers.video.cta')}
              </SignupCta>
              <p className="video-note">{t('landers.video.note')}</p>
            </section>
          </div>
        </div>
      </section>

      <section className="video-steps container" aria-labelledby="video-steps-title">
        <h2 id="video-steps-title">{t('landers.video.steps.title')}</h2>
        <ol>
          {(['signup', 'choose', 'chat'] as const).map((step, i) => (
            <li key={step}>
              <span className="video-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{t(`landers.video.steps.${step}.title`)}</h3>
                <p>{t(`landers.video.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <SignupCta className="btn btn-primary btn-lg video-cta">{t('landers.video.cta')}</SignupCta>
      </section>
    </div>
  );
}

/**
 * The call frame. A picture for the eye (the members are listed beside it): what it shows is
 * hidden from screen readers, its play/pause button is the control.
 */
function Stage({ niche, members }: { niche: NicheName; members: ProfileCard[] }) {
  const { t } = useTranslation();
  const posterRef = useRef<HTMLDivElement>(null);
  // Visitors who ask for reduced motion start it themselves (and get no fades or zoom then).
  const reduced = useMedia(REDUCED_MOTION);
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    if (reduced) setPlaying(false);
  }, [reduced]);
  const [posterShown, setPosterShown] = useState(false);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [started, setStarted] = useState(false);
  const [scene, setScene] = useState(0);
  const count = members.length;
  const ready = count > 0;

  // The poster is the first paint; member photos are fetched only once it has been painted.
  useEffect(() => {
    const img = posterRef.current?.querySelector('img');
    let frame = 0;
    const painted = () => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => setPosterShown(true));
      });
    };
    if (!img || (img.complete && img.naturalWidth > 0)) painted();
    else {
      img.addEventListener('load', painted, { once: true });
      img.addEventListener('error', painted, { once: true });
    }
    return () => {
      cancelAnimationFrame(frame);
      img?.removeEventListener('load', painted);
      img?.removeEventListener('error', painted);
    };
  }, []);

  useEffect(() => {
    if (!posterShown || !ready || !playing || started) return;
    if (firstLoaded) {
      setStarted(true);
      return;
    }
    const timer = window.setTimeout(() => setStarted(true), START_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [posterShown, ready, playing, started, firstLoaded]);

  const running = started && playing && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setScene((n) => n + 1), SCENE_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  const current = ready ? scene % count : 0;
  const previous = (current - 1 + count) % count;
  const next = (current + 1) % count;
  const upNext = members[next];
  // The photos in the frame: this one, the one it covers, and the next (so it has loaded in time).
  const mounted = ready && posterShown ? [...new Set([previous, current, next])] : [];

  return (
    <div className="video-stage-wrap">
      <div className={`video-stage${started ? ' is-started' : ''}${running ? '' : ' is-paused'}`}>
        <div className="video-call" aria-hidden="true">
          <div className="video-main">
            {mounted.map((i) => {
              const p = members[i] as ProfileCard;
              const state = i === current ? ' is-active' : scene > 0 && i === previous ? ' is-leaving' : '';
              return (
                <figure key={p.id} className={`video-scene${state}`}>
                  <img
                    src={p.main_image?.filename}
                    srcSet={`${p.main_image?.thumb_filename} 320w, ${p.main_image?.filename} 640w`}
                    sizes="(min-width: 992px) 480px, 64vw"
                    width={640}
                    height={800}
                    alt=""
                    decoding="async"
                    onLoad={i === 0 ? () => setFirstLoaded(true) : undefined}
                  />
                  <figcaption className="video-nametag">
                    {p.online && <span className="video-nametag-dot" />}
                    <strong>
                      {p.name}, {p.age}
                    </strong>
                    {p.region && <span>{p.region}</span>}
                  </figcaption>
                </figure>
              );
            })}
            <span className="video-muted">
              <MutedIcon />
              {t('landers.video.noSound')}
            </span>
          </div>
          <div className="video-side">
            <div className="video-you">
              <YouIcon />
              <span>{t('landers.video.you')}</span>
            </div>
            <div className="video-next">
              {upNext?.main_image && count > 1 && started && (
                <>
                  <img
                    key={upNext.id}
                    src={upNext.main_image.thumb_filename}
                    width={320}
                    height={400}
                    alt=""
                  />
                  <span>{t('landers.video.next', { name: upNext.name })}</span>
                </>
              )}
            </div>
          </div>
          <span key={scene} className="video-progress" />
        </div>
        <div className="video-poster" ref={posterRef}>
          <HeroImage niche={niche} priority sizes="(min-width: 992px) 760px, 100vw" />
        </div>
      </div>
      {/* Its row is there from the start, so nothing below moves when the members arrive. */}
      <div className="video-controls">
        {ready && (
          <button type="button" className="video-toggle" onClick={() => setPlaying((p) => !p)}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span>{playing ? t('landers.video.pause') : t('landers.video.play')}</span>
          </button>
        )}
      </div>
    </div>
  );
}

function Person({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  return (
    <div className="video-person">
      <span className="video-person-photo">
        {profile.main_image ? (
          <img
            src={profile.main_image.thumb_filename}
            width={320}
            height={400}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span aria-hidden="true">{profile.name.slice(0, 1)}</span>
        )}
        {profile.online && <span className="video-person-dot" />}
      </span>
      <span className="video-person-who">
        <strong>
          {profile.name}, {profile.age}
          <FictionalBadge profile={profile} className="video-person-fictional" />
        </strong>
        <span>
          {profile.online && <span className="video-person-online">{t('landers.video.online')}</span>}
          {profile.region}
        </span>
      </span>
      {/* Chatting is for members: the button leads to signup. */}
      <Link
        to="/signup"
        className="btn btn-outline-primary btn-sm video-person-chat"
        aria-label={t('landers.video.chatWith', { name: profile.name })}
      >
        <BubbleIcon />
        <span aria-hidden="true">{t('landers.video.chat')}</span>
      </Link>
    </div>
  );
}

const MutedIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="m16 9 5 6m0-6-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
  </svg>
);

const YouIcon = () => (
  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
    <circle cx="24" cy="18" r="9" fill="currentColor" />
    <path d="M7 44c1.5-9 8.5-14 17-14s15.5 5 17 14z" fill="currentColor" />
  </svg>
);

const BubbleIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-8.5L6 22v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z"
    />
  </svg>
);
