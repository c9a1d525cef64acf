import './maplanding.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { FictionalBadge, FictionalNote, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';

/** Members asked for: enough to spread over several regions. */
const POOL = 24;

/**
 * Where pins may stand on the drawn map, in percent of its width and height, all inside the
 * blob. Regions have no coordinates (a location is only ever a region), so the map is
 * a picture of "a country", not a chart: each region keeps the same spot on every visit.
 */
/**
 * The pins' spots on the map. Their places are classes (`map-slot-N` in maplanding.scss), not
 * style attributes: the server draws this page, and the page's CSP allows no style attribute.
 */
const SLOT_COUNT = 10;
const SLOTS = Array.from({ length: SLOT_COUNT }, (_, i) => i);

export type RegionGroup = { region: string | null; members: ProfileCard[] };

/** Members by region, the fullest regions first, members without a region last. */
export function groupByRegion(profiles: ProfileCard[]): RegionGroup[] {
  const groups = new Map<string | null, ProfileCard[]>();
  for (const p of profiles) groups.set(p.region, [...(groups.get(p.region) ?? []), p]);
  return [...groups]
    .map(([region, members]) => ({ region, members }))
    .sort((a, b) => {
      if ((a.region === null) !== (b.region === null)) return a.region === null ? 1 : -1;
      return b.members.length - a.members.length || (a.region ?? '').localeCompare(b.region ?? '');
    });
}

/** A region's own number, the same on every visit (FNV-1a). */
function regionHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Each named region on a free slot: its hash picks the slot, the next free one when taken. */
export function placePins(groups: RegionGroup[]): Array<RegionGroup & { slot: number }> {
  const taken = new Set<number>();
  const placed: Array<RegionGroup & { slot: number }> = [];
  for (const group of groups) {
    if (group.region === null || placed.length === SLOTS.length) continue;
    let slot = regionHash(group.region) % SLOTS.length;
    while (taken.has(slot)) slot = (slot + 1) % SLOTS.length;
    taken.add(slot);
    placed.push({ ...group, slot });
  }
  return placed;
}

/**
 * /landers/maplanding/{slug?}: "members near you". A drawn map (no tiles, nothing downloaded)
 * with a photo pin per region of the real members received, and the members listed by region.
 */
export default function MapLander() {
  const { t } = useTranslation();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(POOL);
  const groups = groupByRegion(profiles);
  const named = groups.filter((g) => g.region !== null).length;
  return (
    <div className={`lander map-lander niche-${nicheName}`}>
      <section className="map-hero" aria-labelledby="map-title">
        <div className="container map-hero-layout">
          <div className="map-hero-text">
            <p className="map-eyebrow">
              <PinIcon />
              {t('landers.maplanding.eyebrow')}
            </p>
            <h1 id="map-title">{t('landers.maplanding.title')}</h1>
            <p className="map-lead">{niche.subtitle}</p>
            {/* Its place is held while the members load, so the call to action below does not move. */}
            {loading ? (
              <p className="map-count is-placeholder" aria-hidden="true">
                &nbsp;
              </p>
            ) : (
              named > 0 && (
                <p className="map-count">{t('landers.maplanding.regionCount', { count: named })}</p>
              )
            )}
            <SignupCta className="btn btn-primary btn-lg map-cta">{t('landers.maplanding.cta')}</SignupCta>
            <p className="map-note">{t('landers.maplanding.note')}</p>
          </div>
          <MemberMap groups={groups} loading={loading} />
        </div>
      </section>

      {groups.length > 0 && (
        <section className="map-regions container" aria-labelledby="map-regions-title">
          <h2 id="map-regions-title">{t('landers.maplanding.regions.title')}</h2>
          <p className="map-regions-text">{t('landers.maplanding.regions.text')}</p>
          <ul className="map-region-list">
            {groups.map((group) => (
              <li key={group.region ?? ''} className="map-region">
                <h3>
                  <PinIcon />
                  <span className="map-region-name">{group.region ?? t('landers.maplanding.noRegion')}</span>
                  <span className="map-region-count">
                    {t('landers.maplanding.regions.count', { count: group.members.length })}
                  </span>
                </h3>
                <ul className="map-region-members">
                  {group.members.map((p) => (
                    <li key={p.id}>
                      <RegionMember profile={p} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <FictionalNote profiles={profiles} className="map-fictional-note" />
        </section>
      )}

      <section className="map-final" aria-labelledby="map-final-title">
        <div className="container">
          <h2 id="map-final-title">{t('landers.maplanding.final.title')}</h2>
          <p>{t('landers.maplanding.final.text')}</p>
          <SignupCta className="btn btn-primary btn-lg map-cta">{t('landers.maplanding.cta')}</SignupCta>
        </div>
      </section>
    </div>
  );
}

/**
 * The drawn map: a dotted country-like shape, a photo pin per region. A picture for the eye (the
 * list below says the same in words), so screen readers get its one-line caption only.
 */
function MemberMap({ groups, loading }: { groups: RegionGroup[]; loading: boolean }) {
  const { t } = useTranslation();
  const pins = placePins(groups);
  return (
    <figure className="map-figure">
      <div className="map-canvas" aria-hidden="true">
        <svg
          className="map-shape"
          viewBox="0 0 400 460"
          width="400"
          height="460"
          aria-hidden="true"
          focusable="false"
        >
          <defs>
            <pattern id="map-dots" width="12" height="12" patternUnits="userSpaceOnUse">
              <circle cx="6" cy="6" r="2.1" fill="currentColor" />
            </pattern>
            <radialGradient id="map-glow" cx="50%" cy="45%" r="60%">
              <stop offset="0%" stopColor="#fff" stopOpacity="0.2" />
              <stop offset="100%" stopColor="#fff" stopOpacity="0" />
            </radialGradient>
          </defs>
          <path className="map-land" d={LAND} />
          <path d={LAND} fill="url(#map-dots)" />
          <path d={LAND} fill="url(#map-glow)" />
          <path className="map-coast" d={LAND} />
          <path
            className="map-border"
            d="M70 240c60-18 90 10 150-8s80-40 126-30M200 165c-10 60 20 120 0 200"
          />
        </svg>
        {pins.map((pin, i) => {
          const first = pin.members[0] as ProfileCard;
          return (
            <span key={pin.region} className={`map-pin map-slot-${pin.slot} map-order-${i}`}>
              <span className="map-pin-photo">
                {first.main_image ? (
                  <img
                    src={first.main_image.thumb_filename}
                    width={320}
                    height={400}
                    alt=""
                    decoding="async"
                  />
                ) : (
                  <span className="map-pin-initial">{first.name.slice(0, 1)}</span>
                )}
                {pin.members.length > 1 && <span className="map-pin-more">+{pin.members.length - 1}</span>}
              </span>
              <span className="map-pin-label">{pin.region}</span>
            </span>
          );
        })}
        {/* No members to show (the site hides them from visitors): the map still glows. */}
        {!loading &&
          pins.length === 0 &&
          SLOTS.filter((slot) => slot % 2 === 0).map((slot, i) => (
            <span key={slot} className={`map-spark map-slot-${slot} map-order-${i}`} />
          ))}
        {loading &&
          SLOTS.slice(0, 6).map((slot) => (
            <span key={slot} className={`map-pin map-pin-placeholder map-slot-${slot}`}>
              <span className="map-pin-photo" />
            </span>
          ))}
      </div>
      <figcaption className="visually-hidden">{t('landers.maplanding.mapLabel')}</figcaption>
    </figure>
  );
}

function RegionMember({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  // Visitors cannot open a profile: a member leads to signup, the caption naming the link.
  return (
    <Link to="/signup" className="map-member">
      <span className="map-member-photo">
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
          <span className="map-member-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        {profile.online && <span className="map-member-online">{t('landers.maplanding.online')}</span>}
        <FictionalBadge profile={profile} className="map-member-fictional" />
      </span>
      <span className="map-member-name">
        {profile.name}, {profile.age}
      </span>
    </Link>
  );
}

/** An imaginary land: round enough to read as a country, like none in particular. */
const LAND =
  'M122 28c46-20 104-8 136 24 40 4 78 34 86 84 26 40 20 92-10 122 16 52-8 100-52 126-32 38-86 56-128 36-42 10-84-18-96-58-32-30-40-82-20-122-22-42-12-94 20-124 6-40 28-74 64-88Z';

const PinIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
    />
  </svg>
);
