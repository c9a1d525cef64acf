import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnPhoto } from '../../../common/api/photos';
import { LeftIcon, LockIcon, RightIcon, StarIcon, TrashIcon } from './icons';

type Props = {
  photo: OwnPhoto;
  position: number;
  count: number;
  busy: boolean;
  onMain: () => void;
  onMove: (by: -1 | 1) => void;
  onPremium: (premium: boolean) => Promise<void>;
  onDelete: () => void;
};

/** One of my photos with what I can do to it; every action is a named button, so all of it works by keyboard. */
export function PhotoTile({ photo, position, count, busy, onMain, onMove, onPremium, onDelete }: Props) {
  const { t } = useTranslation();
  const switchId = `photo-premium-${photo.id}`;
  // The switch moves at once; the server's answer confirms it or puts it back.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const premiumShown = wanted ?? photo.premium;
  return (
    <li className={`photo-tile${photo.main ? ' is-main' : ''}`}>
      <div className="photo-frame">
        <img
          src={photo.thumb_url}
          alt={t('profileEdit.photos.alt', { position })}
          width={320}
          height={400}
          loading="lazy"
        />
        <div className="photo-badges">
          {photo.main && (
            <span className="photo-badge photo-badge-main">
              <StarIcon /> {t('profileEdit.photos.main')}
            </span>
          )}
          {photo.premium && (
            <span className="photo-badge photo-badge-premium">
              <LockIcon /> {t('profileEdit.photos.premium')}
            </span>
          )}
          {photo.status !== 'approved' && (
            <span className="photo-badge">{t(`profileEdit.photos.${photo.status}`)}</span>
          )}
        </div>
      </div>
      <fieldset className="photo-controls">
        <legend className="visually-hidden">{t('profileEdit.photos.actions', { position })}</legend>
        <div className="photo-actions">
          <button
            type="button"
            className="photo-action"
            onClick={onMain}
            disabled={busy || photo.main}
            aria-label={t('profileEdit.photos.makeMain')}
            title={t('profileEdit.photos.makeMain')}
          >
            <StarIcon />
          </button>
          <button
            type="button"
            className="photo-action"
            onClick={() => onMove(-1)}
            disabled={busy || position === 1}
            aria-label={t('profileEdit.photos.moveEarlier')}
            title={t('profileEdit.photos.moveEarlier')}
          >
            <LeftIcon />
          </button>
          <button
            type="button"
            className="photo-action"
            onClick={() => onMove(1)}
            disabled={busy || position === count}
            aria-label={t('profileEdit.photos.moveLater')}
            title={t('profileEdit.photos.moveLater')}
          >
            <RightIcon />
          </button>
          <button
            type="button"
            className="photo-action photo-action-delete"
            onClick={onDelete}
            disabled={busy}
            aria-label={t('profileEdit.photos.delete')}
            title={t('profileEdit.photos.delete')}
          >
            <TrashIcon />
          </button>
        </div>
        <div className="form-check form-switch photo-premium">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={premiumShown}
            id={switchId}
            checked={premiumShown}
            disabled={busy}
            onChange={(e) => {
              setWanted(e.target.checked);
              void onPremium(e.target.checked).finally(() => setWanted(null));
            }}
          />
          <label className="form-check-label" htmlFor={switchId}>
            {t('profileEdit.photos.premium')}
          </label>
        </div>
      </fieldset>
    </li>
  );
}
