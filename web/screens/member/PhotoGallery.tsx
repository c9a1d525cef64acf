import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberPhoto, MemberProfile } from '../../../common/api/member';
import { Dialog } from '../../components/Dialog';
import { ReportLink } from '../../components/report/ReportAction';
import { LockIcon } from './icons';

/** The blurred rendition of a premium photo, with the lock and what premium offers. */
function LockOverlay() {
  const { t } = useTranslation();
  return (
    <span className="member-photo-lock">
      <LockIcon />
      <span>{t('memberProfile.photos.locked')}</span>
    </span>
  );
}

/**
 * The photo overview: the main photo large, the others as thumbnails, each opening the lightbox.
 * Locked (premium) photos arrive only blurred from the server; a visitor tapping one is asked to
 * log in (`onLockedByVisitor`).
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
  // The main photo leads; a pending main photo (shown on cards) is not in the approved overview.
  const main = profile.photos.find((p) => p.main);
  const list: MemberPhoto[] = main ? [main, ...profile.photos.filter((p) => p !== main)] : profile.photos;
  const total = list.length;
  const alt = (i: number) => t('memberProfile.photos.alt', { number: i + 1, total, name: profile.name });
  const show = (i: number) => {
    if (visitor && list[i]?.locked) onLockedByVisitor();
    else setOpen(i);
  };

  const lead = list[0];
  return (
    <div className="member-gallery">
      {lead ? (
        <button
          type="button"
          className="member-photo member-photo-main"
          onClick={() => show(0)}
          aria-label={t('memberProfile.photos.open', { number: 1, total })}
        >
          <img src={lead.filename} alt={alt(0)} width={600} height={750} />
          {lead.locked && <LockOverlay />}
        </button>
      ) : (
        <div
          className="member-photo member-photo-main member-photo-empty"
          role="img"
          aria-label={t('memberProfile.photos.none')}
        >
          <span aria-hidden="true">{profile.name.slice(0, 1)}</span>
        </div>
      )}
      {total > 1 && (
        <ul className="member-thumbs" aria-label={t('memberProfile.photos.heading')}>
          {list.slice(1).map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="member-photo member-thumb"
                onClick={() => show(index + 1)}
                aria-label={t('memberProfile.photos.open', { number: index + 2, total })}
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
  onMove,
  onClose,
  onReport,
}: {
  photos: MemberPhoto[];
  index: number;
  alt: (i: number) => string;
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
