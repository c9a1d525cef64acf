import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberPhoto, MemberProfile } from '../../../common/api/member';
import { Dialog } from '../../components/Dialog';
import { ReportLink } from '../../components/report/ReportAction';
import { LockIcon } from './icons';

/**
 * The blurred rendition of a premium photo, with the lock and what premium offers. The way to
 * premium sits beside it (`PremiumWay`): it is a link, and the lock lies inside a button.
 */
function LockOverlay() {
  const { t } = useTranslation();
  return (
    <span className="member-photo-lock">
      <LockIcon />
      <span>{t('memberProfile.photos.locked')}</span>
    </span>
  );
}

/** "Get premium" on a locked photo: the premium page for a member; a visitor is asked to log in first. */
function PremiumWay({ visitor, onLockedByVisitor }: { visitor: boolean; onLockedByVisitor: () => void }) {
  const { t } = useTranslation();
  return visitor ? (
    <button type="button" className="btn btn-light btn-sm member-photo-premium" onClick={onLockedByVisitor}>
      {t('nav.getPremium')}
    </button>
  ) : (
    <Link to="/premium" className="btn btn-light btn-sm member-photo-premium">
      {t('nav.getPremium')}
    </Link>
  );
}

/**
 * The photos, the main photo first: a strip that snaps photo by photo (swiped on a touch screen,
 * scrolled or stepped with the arrow buttons elsewhere), dots that show which photo is in view, and
 * on wide screens the thumbnails that step to a photo. A photo opens the full-size viewer. Locked
 * (premium) photos arrive only blurred from the server; a visitor tapping one is asked to log in
 * (`onLockedByVisitor`).
 */
export function PhotoGallery({
  profile,
  visitor,
  onLockedByVisitor,
  onReportPhoto,
}: {
  profile: MemberProfile;
  visitor: boolean;
  onLockedByVisitor: () => void;
  /** Offers "Report this photo" in the lightbox; the lightbox closes for the report dialog. */
  onReportPhoto?: (photoId: number) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const strip = useRef<HTMLUListElement>(null);
  // The main photo leads; a pending main photo (shown on cards) is not in the approved overview.
  const main = profile.photos.find((p) => p.main);
  const list: MemberPhoto[] = main ? [main, ...profile.photos.filter((p) => p !== main)] : profile.photos;
  const total = list.length;
  const alt = (i: number) => t('memberProfile.photos.alt', { number: i + 1, total, name: profile.name });
  const show = (i: number) => {
    if (visitor && list[i]?.locked) onLockedByVisitor();
    else setOpen(i);
  };
  const go = (i: number) => {
    const el = strip.current;
    const to = Math.max(0, Math.min(total - 1, i));
    setCurrent(to);
    el?.scrollTo?.({ left: to * el.clientWidth });
  };
  const onScroll = () => {
    const el = strip.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };

  if (total === 0)
    return (
      <div className="member-gallery">
        <div
          className="member-photo member-photo-main member-photo-empty"
          role="img"
          aria-label={t('memberProfile.photos.none')}
        >
          <span aria-hidden="true">{profile.name.slice(0, 1)}</span>
        </div>
      </div>
    );
  return (
    <div className="member-gallery">
      <div className="member-carousel">
        <ul
          className="member-slides"
          ref={strip}
          onScroll={onScroll}
          aria-label={t('memberProfile.photos.heading')}
        >
          {list.map((photo, i) => (
            <li key={photo.id} className="member-slide">
              <button
                type="button"
                className="member-photo member-photo-main"
                onClick={() => show(i)}
                aria-label={t('memberProfile.photos.open', { number: i + 1, total })}
              >
                <img
                  src={photo.filename}
                  alt={alt(i)}
                  width={600}
                  height={750}
                  loading={i === 0 ? 'eager' : 'lazy'}
                />
                {photo.locked && <LockOverlay />}
              </button>
              {photo.locked && <PremiumWay visitor={visitor} onLockedByVisitor={onLockedByVisitor} />}
            </li>
          ))}
        </ul>
        {total > 1 && (
          <>
            <button
              type="button"
              className="member-carousel-step is-previous"
              onClick={() => go(current - 1)}
              disabled={current === 0}
              aria-label={t('memberProfile.photos.previous')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="member-carousel-step is-next"
              onClick={() => go(current + 1)}
              disabled={current === total - 1}
              aria-label={t('memberProfile.photos.next')}
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="member-dots" data-testid="photo-dots">
              <span className="visually-hidden" aria-live="polite">
                {t('memberProfile.photos.counter', { number: current + 1, total })}
              </span>
              {list.map((photo, i) => (
                <span
                  key={photo.id}
                  aria-hidden="true"
                  className={i === current ? 'is-current' : undefined}
                />
              ))}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="member-thumbs" aria-label={t('memberProfile.photos.heading')}>
          {list.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className="member-photo member-thumb"
                onClick={() => go(i)}
                aria-current={i === current}
                aria-label={t('memberProfile.photos.counter', { number: i + 1, total })}
              >
                <img src={photo.thumb_filename} alt="" loading="lazy" width={160} height={200} />
                {photo.locked && (
                  <span className="member-photo-lock member-photo-lock-small">
                    <LockIcon />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (
        <Lightbox
          photos={list}
          index={open}
          alt={alt}
          premium={<PremiumWay visitor={visitor} onLockedByVisitor={onLockedByVisitor} />}
          onMove={setOpen}
          onClose={() => setOpen(null)}
          onReport={
            onReportPhoto
              ? (photoId) => {
                  setOpen(null);
                  onReportPhoto(photoId);
                }
              : undefined
          }
        />
      )}
    </div>
  );
}

function Lightbox({
  photos,
  index,
  alt,
  premium,
  onMove,
  onClose,
  onReport,
}: {
  photos: MemberPhoto[];
  index: number;
  alt: (i: number) => string;
  /** The way to premium, under a locked photo. */
  premium: ReactNode;
  onMove: (i: number) => void;
  onClose: () => void;
  onReport?: (photoId: number) => void;
}) {
  const { t } = useTranslation();
  const photo = photos[index];
  if (!photo) return null;
  const total = photos.length;
  const move = (step: number) => onMove((index + step + total) % total);
  return (
    <Dialog
      open
      title={t('memberProfile.photos.counter', { number: index + 1, total })}
      onCancel={onClose}
      onBackdropClick={onClose}
      onClose={onClose}
      closeLabel={t('memberProfile.photos.close')}
      className="member-lightbox"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys are a shortcut; the buttons do the same */}
      <div
        onKeyDown={(e) => {
          if (total < 2) return;
          if (e.key === 'ArrowRight') move(1);
          if (e.key === 'ArrowLeft') move(-1);
        }}
      >
        <div className="member-lightbox-stage">
          <img src={photo.filename} alt={alt(index)} />
          {photo.locked && <LockOverlay />}
          {photo.locked && premium}
        </div>
        {total > 1 && (
          <div className="member-lightbox-nav">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => move(-1)}
              data-autofocus
            >
              <span aria-hidden="true">‹ </span>
              {t('memberProfile.photos.previous')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => move(1)}>
              {t('memberProfile.photos.next')}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
        )}
        {onReport && (
          <div className="member-lightbox-report">
            <ReportLink label={t('reports.actionPhoto')} onClick={() => onReport(photo.id)} />
          </div>
        )}
      </div>
    </Dialog>
  );
}
