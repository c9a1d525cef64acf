import './collage.scss';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';
import { useSettings } from '../../api/site';
import { showsFictional } from '../../components/ProfileCardView';
import { FictionalBadge, HeroImage, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';

/** Places in the mosaic around the panel (collage.scss lays out `collage-slot-1` … `-17`). */
const SLOTS = 17;
/** The slots drawn large (2×2): a sharper photo, and the region as well. */
const LARGE = new Set([1, 8]);

const POINTS = ['discreet', 'browse', 'chat'] as const;

/**
 * /landers/collagelanding/{slug?}: a mosaic of real members' photos in tiles of several sizes, the
 * signup panel with the niche's headline in its middle. Phones: a few tiles, the panel, the rest.
 */
export default function CollageLander() {
  const { nicheName } = useLander();
  const { profiles, loading } = useLanderMembers(SLOTS);
  const settings = useSettings();
  const empty = !loading && profiles.length === 0;
  const members = profiles.slice(0, SLOTS);
  const fictional = members.some((p) => showsFictional(p, settings));
  return (
    <div className={`lander collage-lander niche-${nicheName}`}>
      <section
        className={`collage${empty ? ' is-empty' : ''}`}
        aria-labelledby="collage-title"
        aria-busy={loading}
      >
        {empty && <HeroImage niche={nicheName} priority className="collage-backdrop" />}
        <div className="collage-grid">
          <Panel />
          {loading &&
            Array.from({ length: SLOTS }, (_, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
                key={i}
                className={`collage-tile collage-slot-${i + 1} collage-placeholder`}
                aria-hidden="true"
              />
            ))}
          {members.map((p, i) => (
            <Tile key={p.id} profile={p} slot={i + 1} />
          ))}
          {!loading &&
            members.length > 0 &&
            Array.from({ length: SLOTS - members.length }, (_, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: fillers of empty places, never reordered
                key={i}
                className={`collage-tile collage-slot-${members.length + i + 1} collage-filler`}
                aria-hidden="true"
              />
            ))}
        </div>
        {fictional && (
          <p className="collage-fictional-note">
            <span aria-hidden="true">{settings.fictional_icon}</span> {settings.fictional_warning}
          </p>
        )}
      </section>
    </div>
  );
}

function Panel() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  return (
    <div className="collage-panel">
      <p className="collage-eyebrow">{t('landers.collagelanding.eyebrow', { site: settings.name })}</p>
      <h1 id="collage-title">{niche.title}</h1>
      <p className="collage-lead">{niche.subtitle}</p>
      <ul className="collage-points">
        {POINTS.map((point) => (
          <li key={point}>{t(`landers.collagelanding.points.${point}`)}</li>
        ))}
      </ul>
      <SignupCta className="btn btn-primary btn-lg collage-cta" />
      <p className="collage-note">{t('landers.collagelanding.note')}</p>
    </div>
  );
}

function Tile({ profile, slot }: { profile: ProfileCard; slot: number }) {
  const { t } = useTranslation();
  const large = LARGE.has(slot);
  const image = profile.main_image;
  return (
    <figure className={`collage-tile collage-slot-${slot}`}>
      {image ? (
        <img
          src={large ? image.filename : image.thumb_filename}
          width={large ? 640 : 320}
          height={large ? 800 : 400}
          alt={t('landers.collagelanding.photoOf', { name: profile.name })}
          // The first tiles are in the first screen on any device; the rest may wait.
          loading={slot <= 4 ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <span className="collage-initial" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </span>
      )}
      <FictionalBadge profile={profile} className="collage-fictional" />
      <figcaption className="collage-caption">
        <strong>
          {profile.online && (
            <span className="collage-online">
              <span className="visually-hidden">{t('landers.collagelanding.online')}</span>
            </span>
          )}
          {profile.name}, {profile.age}
        </strong>
        {large && profile.region && <span>{profile.region}</span>}
      </figcaption>
    </figure>
  );
}
