import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type OwnPhoto, PHOTO_MAX_BYTES, PHOTO_MAX_MB, PHOTO_TYPES } from '../../../common/api/photos';
import { PHOTO_LIMIT_PREMIUM } from '../../../common/constants';
import {
  useDeletePhoto,
  usePhotos,
  useReorderPhotos,
  useUpdatePhoto,
  useUploadPhoto,
} from '../../api/photos';
import { Dialog } from '../../components/Dialog';
import { PlusIcon } from './icons';
import { PhotoTile } from './PhotoTile';

/** My photos: upload, main photo, order, premium-only, delete, within my limit. */
export function PhotoManager({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, isPending } = usePhotos();
  const upload = useUploadPhoto();
  const update = useUpdatePhoto();
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  const [deleting, setDeleting] = useState<OwnPhoto | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');

  const photos = data?.photos ?? [];
  const limit = data?.limit ?? 0;
  const busy = upload.isPending || update.isPending || reorder.isPending || remove.isPending;
  const full = Boolean(data) && photos.length >= limit;

  const fail = (err: Error) => {
    setStatus('');
    setProblem(err.message);
  };
  const done = (message = '') => {
    setProblem('');
    setStatus(message);
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // The server decides by the bytes; these answer at once for what is plainly wrong.
    if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type))
      return fail(new Error(t('error.photo_type')));
    if (file.size > PHOTO_MAX_BYTES)
      return fail(new Error(t('error.photo_too_large', { max_mb: PHOTO_MAX_MB })));
    setProblem('');
    setStatus(t('profileEdit.photos.uploading'));
    upload.mutate(file, { onSuccess: () => done(t('profileEdit.photos.uploaded')), onError: fail });
  };

  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.id);
    const [id] = order.splice(index, 1);
    if (id === undefined) return;
    order.splice(index + by, 0, id);
    reorder.mutate({ order }, { onSuccess: () => done(), onError: fail });
  };

  return (
    <section className="profile-card photo-manager" aria-labelledby={titleId} aria-busy={isPending}>
      <div className="profile-card-head">
        <h2 id={titleId}>{t('profileEdit.photos.title')}</h2>
        {data && (
          <span className="photo-count">
            {t('profileEdit.photos.count', { count: photos.length, limit })}
          </span>
        )}
      </div>
      <p className="profile-help">
        {photos.length ? t('profileEdit.photos.premiumHelp') : t('profileEdit.photos.empty')}
      </p>
      <ol className="photo-grid">
        {photos.map((photo, i) => (
          <PhotoTile
            key={photo.id}
            photo={photo}
            position={i + 1}
            count={photos.length}
            busy={busy}
            onMain={() =>
              update.mutate({ id: photo.id, main: true }, { onSuccess: () => done(), onError: fail })
            }
            onMove={(by) => move(i, by)}
            onPremium={(premium) => update.mutateAsync({ id: photo.id, premium }).then(() => done(), fail)}
            onDelete={() => setDeleting(photo)}
          />
        ))}
        {data && !full && (
          <li className="photo-add">
            <label className={`photo-add-label${upload.isPending ? ' is-busy' : ''}`}>
              <PlusIcon />
              <span className="photo-add-text">
                {upload.isPending ? t('profileEdit.photos.uploading') : t('profileEdit.photos.add')}
              </span>
              <span className="photo-add-hint">{t('profileEdit.photos.hint', { max_mb: PHOTO_MAX_MB })}</span>
              <input
                type="file"
                className="visually-hidden"
                accept={PHOTO_TYPES.join(',')}
                onChange={choose}
                disabled={busy}
              />
            </label>
          </li>
        )}
      </ol>
      {full && (
        <div className="alert alert-info photo-limit">
          <p className="mb-1">{t('error.photo_limit_reached', { limit })}</p>
          {!paid && (
            <p className="mb-0">
              {t('profileEdit.photos.premiumMore', { limit: PHOTO_LIMIT_PREMIUM })}{' '}
              <Link to="/premium">{t('profileEdit.photos.getPremium')}</Link>
            </p>
          )}
        </div>
      )}
      <p className="photo-status" role="status">
        {status}
      </p>
      {problem && (
        <div className="alert alert-danger photo-problem" role="alert">
          {problem}
        </div>
      )}
      <Dialog
        open={deleting !== null}
        title={t('profileEdit.photos.deleteTitle')}
        onCancel={() => setDeleting(null)}
        footer={
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              data-autofocus
              onClick={() => setDeleting(null)}
            >
              {t('profileEdit.photos.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.id, {
                  onSuccess: () => done(t('profileEdit.photos.deleted')),
                  onError: fail,
                  onSettled: () => setDeleting(null),
                });
              }}
            >
              {t('profileEdit.photos.confirmDelete')}
            </button>
          </>
        }
      >
        {deleting && (
          <img className="photo-delete-preview" src={deleting.thumb_url} alt="" width={160} height={200} />
        )}
        <p className="mb-0">{t('profileEdit.photos.deleteText')}</p>
      </Dialog>
    </section>
  );
}
