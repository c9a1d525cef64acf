import './transitionsvideolanding.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';
import { useSettings } from '../../api/site';
import { ProfileCardView } from '../../components/ProfileCardView';
import {
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

/** Members in the slideshow. */
const REEL = 12;
/** How long a photo stays before the next fades in (the zoom in the .scss runs longer). */
export const SLIDE_MS = 4500;
/** The slideshow starts when its first photos have loaded, or after this long at the latest. */
const START_WAIT_MS = 4000;

const WIDE = '(min-width: 992px)';

/**
 * /landers/transitionsvideolanding/{slug?}: motion without a video file. The niche's picture is
 * the poster and the page's first paint; once it is there and the first member photos have loaded,
 * a slideshow of real members crossfades over it with a slow zoom (CSS transform and opacity only),
 * in one lane on phones and three on wide screens. It pauses on hover and focus and by its button,
 * and does not run at all for visitors who ask for reduced motion.
 */
export default function TransitionsVideoLander() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(REEL);
  // Pointer or keyboard focus on the stage pauses the slideshow, so nothing moves under a reader.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <div className={`lander reel-lander niche-${nicheName}`}>
      <section
        className="reel-stage"
        aria-labelledby="reel-title"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <Reel niche={nicheName} profiles={profiles} interacting={hovered || focused} />
        <div className="reel-scrim" />
        <div className="container reel-copy">
          <p className="reel-eyebrow">{niche.title}</p>
          <h1 id="reel-title">{t('landers.transitionsvideolanding.title')}</h1>
          <p className="reel-lead">{niche.subtitle}</p>
          <SignupCta className="btn btn-primary btn-lg reel-cta" />
          <p className="reel-note">{t('landers.transitionsvideolanding.note')}</p>
        </div>
      </section>

      {(loading || profiles.length > 0) && (
        <section className="reel-members container" aria-labelledby="reel-members-title" aria-busy={loading}>
          <h2 id="reel-members-title">{t('landers.transitionsvideolanding.members.title')}</h2>
          <p className="reel-members-text">
            {t('landers.transitionsvideolanding.members.text', { site: settings.name })}
          </p>
          {loading ? (
            <div className="profile-grid" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                <div key={i} className="profile-card profile-card-placeholder" />
              ))}
            </div>
          ) : (
            <ul className="profile-grid">
              {profiles.map((p) => (
                <li key={p.id}>
                  <ProfileCardView profile={p} to="/signup" />
                </li>
              ))}
            </ul>
          )}
          <FictionalNote profiles={profiles} className="reel-fictional-note" />
        </section>
      )}

      <section className="reel-final" aria-labelledby="reel-final-title">
        <div className="container">
          <h2 id="reel-final-title">{t('landers.transitionsvideolanding.final.title')}</h2>
          <p>{t('landers.transitionsvideolanding.final.text', { site: settings.name })}</p>
          <SignupCta className="btn btn-primary btn-lg reel-cta" />
        </div>
      </section>
    </div>
  );
}

/**
 * The stage's pictures: the poster, and over it the lanes of member photos. The lanes are for the
 * eye only (the members are listed below the stage); the pause button is the one control here.
 */
function Reel({
  niche,
  profiles,
  interacting,
}: {
  niche: NicheName;
  profiles: ProfileCard[];
  interacting: boolean;
}) {
  const { t } = useTranslation();
  const reduced = useMedia(REDUCED_MOTION);
  const wide = useMedia(WIDE);
  const posterRef = useRef<HTMLDivElement>(null);
  const [posterShown, setPosterShown] = useState(false);
  const [loaded, setLoaded] = useState(0);
  const [started, setStarted] = useState(false);
  const [tick, setTick] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  // "Play" pressed while the pointer or focus is on the stage: it plays until they leave.
  const [playAnyway, setPlayAnyway] = useState(false);

  const laneCount = wide ? 3 : 1;
  const lanes = Array.from({ length: Math.min(laneCount, profiles.length) }, (_, lane) =>
    profiles.filter((_, i) => i % laneCount === lane),
  );
  const enabled = !reduced && profiles.length > 1;

  // The poster is the first paint; the member photos are fetched only once it has been painted.
  useEffect(() => {
    if (!enabled) return;
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
  }, [enabled]);

  // It starts when every lane's first photo is there (or after a while, whatever has arrived).
  useEffect(() => {
    if (!posterShown || started) return;
    if (loaded >= lanes.length) {
      setStarted(true);
      return;
    }
    const timer = window.setTimeout(() => setStarted(true), START_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [posterShown, loaded, lanes.length, started]);

  useEffect(() => {
    if (!interacting) setPlayAnyway(false);
  }, [interacting]);

  const paused = userPaused || (interacting && !playAnyway);
  const running = enabled && started && !paused;
  function toggle() {
    if (paused) {
      setUserPaused(false);
      setPlayAnyway(interacting);
    } else setUserPaused(true);
  }
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  return (
    <>
      <div className={`reel-media${started && enabled ? ' is-started' : ''}${paused ? ' is-paused' : ''}`}>
        <div className="reel-poster" ref={posterRef}>
          <HeroImage niche={niche} priority sizes={`${WIDE} 100vw, 1280px`} />
        </div>
        {enabled && posterShown && (
          <div className="reel-lanes" aria-hidden="true">
            {lanes.map((lane, l) => (
              <div key={lane[0]?.id} className="reel-lane">
                {lane.map((p, i) => {
                  const active = tick % lane.length;
                  const leaving = (tick - 1 + lane.length) % lane.length;
                  const state = i === active ? ' is-active' : tick > 0 && i === leaving ? ' is-leaving' : '';
                  return (
                    <figure key={p.id} className={`reel-slide kb-${(i + l) % 4}${state}`}>
                      {/* A photo is fetched when it is next: those shown once stay, the rest wait. */}
                      {p.main_image && i <= tick + 1 && (
                        <img
                          src={p.main_image.filename}
                          srcSet={`${p.main_image.thumb_filename} 320w, ${p.main_image.filename} 640w`}
                          sizes={`${WIDE} 34vw, 100vw`}
                          width={640}
                          height={800}
                          alt=""
                          decoding="async"
                          onLoad={i === 0 ? () => setLoaded((n) => n + 1) : undefined}
                        />
                      )}
                      <figcaption>
                        <strong>
                          {p.name}, {p.age}
                        </strong>
                        {p.region && <span>{p.region}</span>}
                      </figcaption>
                    </figure>
                  );
                })}
              </div>
            ))}
          </div>
        )}
      </div>
      {/* Above the scrim (the media below it are a stacking context of their own). */}
      {enabled && (
        <button type="button" className="reel-toggle" onClick={toggle}>
          {paused ? <PlayIcon /> : <PauseIcon />}
          <span>
            {paused ? t('landers.transitionsvideolanding.play') : t('landers.transitionsvideolanding.pause')}
          </span>
        </button>
      )}
    </>
  );
}
