import './maplanding.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { FictionalBadge, FictionalNote, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';
import PLACES from './region-places.json';

/** Members asked for: enough to spread over several regions. */
const POOL = 24;

/**
 * Spots for what stands on the map without a place of its own: the pins held while members load
 * and the sparks of an empty map. Places are classes (`map-slot-N`, `map-x-N`, `map-y-N` in
 * maplanding.scss), not style attributes: the server draws this page, and its CSP allows none.
 */
const SLOT_COUNT = 10;
const SLOTS = Array.from({ length: SLOT_COUNT }, (_, i) => i);
/** At most this many pins; the rest of the regions are in the list below the map. */
const MAX_PINS = 10;
/** The map's grid: a spot is a step of 2.5 % of its width and height (maplanding.scss). */
const STEPS = 40;
/** Two pins closer than this (in steps, across and down) would cover each other: the later one is left off. */
const MIN_APART = { x: 6, y: 5 };

type CountryPlaces = { box: number[]; regions: Record<string, number[]> };

/**
 * Where a region of a country lies on the drawn map, as grid steps (0 to 40) across and down: the
 * region's place (web/screens/landers/region-places.json, made by scripts/region-places.mjs)
 * within its country's box, projected as a flat map does (a degree of longitude is shorter than
 * one of latitude by the cosine of the latitude) and fitted, centred, into the land's middle. Null
 * for a region whose place is unknown or outside the country's main land.
 */
export function mapSpot(country: string, region: string): { x: number; y: number } | null {
  const places = (PLACES as Record<string, CountryPlaces>)[country];
  const place = places?.regions[region];
  if (!places || !place) return null;
  const [south = 0, west = 0, north = 0, east = 0] = places.box;
  const [lat = 0, lon = 0] = place;
  if (lat < south || lat > north || lon < west || lon > east) return null;
  const squeeze = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const width = (east - west) * squeeze;
  const height = north - south;
  // The land's middle in map units (viewBox 400 × 460): 70 % of its width, 76 % of its height.
  const room = { width: 280, height: 350 };
  const scale = Math.min(room.width / width, room.height / height);
  const x = 200 + ((lon - west) * squeeze - width / 2) * scale;
  const y = 230 + (height / 2 - (lat - south)) * scale;
  return { x: Math.round((x / 400) * STEPS), y: Math.round((y / 460) * STEPS) };
}

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

export type Pin = RegionGroup & { x: number; y: number };

/**
 * The pins of the map: the named regions of the country most members are in, each in its place,
 * the fullest first; a region that would cover a fuller one's pin is left to the list.
 */
export function placePins(groups: RegionGroup[]): Pin[] {
  const countries = new Map<string, number>();
  for (const g of groups)
    for (const m of g.members) countries.set(m.country, (countries.get(m.country) ?? 0) + 1);
  const country = [...countries].sort((a, b) => b[1] - a[1])[0]?.[0];
  const placed: Pin[] = [];
  for (const group of groups) {
    const first = group.members[0];
    if (group.region === null || !first || first.country !== country || placed.length === MAX_PINS) continue;
    const spot = mapSpot(country, group.region);
    if (!spot) continue;
    const covered = placed.some(
      (p) => Math.abs(p.x - spot.x) < MIN_APART.x && Math.abs(p.y - spot.y) < MIN_APART.y,
    );
    if (!covered) placed.push({ ...group, ...spot });
  }
  return placed;
}

/**
 * /landers/maplanding/{slug?}: "members near you". A drawn map (no tiles, nothing downloaded)
 * with a photo pin per region of the real members received, in the region's place, and the
 * members listed by region.
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
            <span key={pin.region} className={`map-pin map-x-${pin.x} map-y-${pin.y} map-order-${i}`}>
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
