import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PhotoQueueResponse } from '../../../../common/api/admin/moderation';
import { Dialog } from '../../../components/Dialog';
import { formatDate } from '../../../format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { SiteFilter } from '../../components/SiteFilter';
import { useStaffCan } from '../../staff-context';
import { usePhotoQueue, useReviewPhoto } from './api';
import { RejectPhotoDialog } from './RejectPhotoDialog';

type QueuePhoto = PhotoQueueResponse['photos'][number];

/** The element a card's buttons are found by, to move the focus on once a photo is decided. */
const approveButton = (photoId: number) =>
  document.querySelector<HTMLButtonElement>(`[data-approve="${photoId}"]`);

/**
 * New and changed photos, oldest first, as a grid. A moderator approves or rejects each; by
 * keyboard, A and R do the same on the focused card, and the focus moves on to the next photo.
 */
export function PhotoQueue() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const can = useStaffCan('moderator');
  const [params, setParams] = useSearchParams();
  const site = Number(params.get('site')) || null;
  const queue = usePhotoQueue(site);
  const review = useReviewPhoto();
  const [decided, setDecided] = useState<Set<number>>(new Set());
  const [rejecting, setRejecting] = useState<QueuePhoto | null>(null);
  const [viewing, setViewing] = useState<QueuePhoto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [said, setSaid] = useState('');
  const [focusNext, setFocusNext] = useState<number | null>(null);
  const photos = (queue.data?.pages.flatMap((p) => p.photos) ?? []).filter((p) => !decided.has(p.id));

  useEffect(() => {
    if (focusNext === null) return;
    approveButton(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  /** The photo after this one (or before, at the end), which takes the focus once it is gone. */
  const neighbour = (photo: QueuePhoto) => {
    const i = photos.findIndex((p) => p.id === photo.id);
    return (photos[i + 1] ?? photos[i - 1])?.id ?? null;
  };
  const done = (photo: QueuePhoto, message: string) => {
    const next = neighbour(photo);
    setDecided((s) => new Set(s).add(photo.id));
    setSaid(message);
    setFocusNext(next);
  };

  const approve = async (photo: QueuePhoto) => {
    setError(null);
    try {
      await review.mutateAsync({ photo_id: photo.id, decision: 'approve' });
      done(photo, t('moderation.photos.approved', { name: photo.member.name }));
    } catch (err) {
      setError(err);
    }
  };

  const onKey = (photo: QueuePhoto) => (e: KeyboardEvent) => {
    if (!can || e.altKey || e.ctrlKey || e.metaKey || review.isPending) return;
    const key = e.key.toLowerCase();
    if (key === 'a') {
      e.preventDefault();
      void approve(photo);
    } else if (key === 'r') {
      e.preventDefault();
      setRejecting(photo);
    }
  };

  const when = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const waiting = queue.data?.pages[0]?.waiting ?? 0;

  return (
    <div className="admin-moderation-photos">
      <div className="admin-toolbar">
        <SiteFilter
          id={`${id}-site`}
          value={site ?? null}
          onChange={(next) => {
            const params2 = new URLSearchParams(params);
            if (next) params2.set('site', String(next));
            else params2.delete('site');
            setParams(params2, { replace: true });
          }}
        />
        {can && photos.length > 0 && (
          <p className="admin-moderation-hint mb-0">{t('moderation.photos.keys')}</p>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      <ErrorAlert error={error} />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorAlert error={queue.error} onRetry={() => void queue.refetch()} />
      ) : photos.length === 0 ? (
        <EmptyState title={t('moderation.photos.empty.title')}>
          {t('moderation.photos.empty.text')}
        </EmptyState>
      ) : (
        <>
          <p className="admin-moderation-count">{t('moderation.photos.waiting', { count: waiting })}</p>
          <ul className="admin-photo-grid" aria-label={t('moderation.photos.list')}>
            {photos.map((photo) => {
              const title = `${id}-photo-${photo.id}`;
              return (
                <li key={photo.id}>
                  <article className="admin-photo-card" aria-labelledby={title} onKeyDown={onKey(photo)}>
                    <button
                      type="button"
                      className="admin-photo-card__image"
                      onClick={() => setViewing(photo)}
                      aria-label={t('moderation.photos.enlarge', { name: photo.member.name })}
                    >
                      <img
                        src={photo.thumb_url}
                        alt=""
                        loading="lazy"
                        width={photo.width}
                        height={photo.height}
                      />
                    </button>
                    <div className="admin-photo-card__body">
                      <h3 className="admin-photo-card__name" id={title}>
                        <Link to={`/admin/members/${photo.member.id}`}>
                          {photo.member.name || `#${photo.member.id}`}
                        </Link>
                      </h3>
                      <p className="admin-photo-card__meta">
                        {photo.member.site}
                        <br />
                        <time dateTime={photo.created_at}>{when(photo.created_at)}</time>
                      </p>
                      <p className="admin-photo-card__badges">
                        {photo.main && (
                          <span className="badge text-bg-primary">{t('moderation.photos.main')}</span>
                        )}
                        {photo.premium && (
                          <span className="badge text-bg-secondary">{t('moderation.photos.premium')}</span>
                        )}
                      </p>
                      {can && (
                        <div className="admin-photo-card__actions">
                          <button
                            type="button"
                            className="btn btn-sm btn-success"
                            data-approve={photo.id}
                            disabled={review.isPending}
                            onClick={() => void approve(photo)}
                          >
                            {t('moderation.photos.approve')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            disabled={review.isPending}
                            onClick={() => setRejecting(photo)}
                          >
                            {t('moderation.photos.reject')}
                          </button>
                        </div>
                      )}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
          {queue.hasNextPage && (
            <div className="text-center">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={queue.isFetchingNextPage}
                onClick={() => void queue.fetchNextPage()}
              >
                {queue.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
              </button>
            </div>
          )}
        </>
      )}

      <RejectPhotoDialog
        open={rejecting !== null}
        name={rejecting?.member.name ?? ''}
        thumbUrl={rejecting?.thumb_url ?? null}
        onCancel={() => {
          const photo = rejecting;
          setRejecting(null);
          if (photo) setFocusNext(photo.id);
        }}
        onConfirm={async (reason, note) => {
          if (!rejecting) return;
          const photo = rejecting;
          await review.mutateAsync({
            photo_id: photo.id,
            decision: 'reject',
            reason,
            ...(note ? { note } : {}),
          });
          setRejecting(null);
          done(photo, t('moderation.photos.rejected', { name: photo.member.name }));
        }}
      />
      <Dialog
        open={viewing !== null}
        title={t('moderation.photos.viewTitle', { name: viewing?.member.name ?? '' })}
        className="admin-photo-view"
        onCancel={() => setViewing(null)}
        onClose={() => setViewing(null)}
        onBackdropClick={() => setViewing(null)}
        closeLabel={t('common.close')}
      >
        {viewing && <img src={viewing.url} alt={t('moderation.photos.alt', { name: viewing.member.name })} />}
      </Dialog>
    </div>
  );
}
