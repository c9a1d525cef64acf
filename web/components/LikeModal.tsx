import './LikeModal.scss';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ProfileCard } from '../../common/api/profile';
import { LIKES_RELOAD_AFTER_AUTO_LIKE_MS, MATCH_MODAL_ANIMATION_DELAY_S } from '../../common/constants';
import { fetchAutoLike, likesKey } from '../api/likes';
import { Dialog } from './Dialog';

/** Longest wait the `t` query may ask for: a link should not arm a modal for hours. */
const MAX_DELAY_SECONDS = 600;

/** The `t` query as a delay in seconds; anything but a positive number is 0. */
export function likeModalDelay(raw: string | undefined): number {
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_DELAY_SECONDS) : 0;
}

type Props = {
  /** The liked profile to show; without one, the modal asks GET /api/auto-like.php for a real unseen like. */
  profile?: ProfileCard | null;
  /** The `t` query as it came: it appears after that many seconds, then `t` leaves the URL. */
  tQuery?: string;
  /** Called once it is closed, or when there was no like to show. */
  onDone: () => void;
};

/**
 * The full-screen 'New like!' modal: the liker's main
 * image and a button, both opening the profile; a click beside them or the close icon closes it.
 * It only ever shows a real like (honest by construction).
 */
export default function LikeModal({ profile: given, tQuery, onDone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const [profile, setProfile] = useState<ProfileCard | null>(null);

  // Runs once per mount: a new like modal is a new mount, so the timer is never armed twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, on purpose
  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    timers.push(
      setTimeout(async () => {
        // The `t` query has done its work: it leaves the URL (without a new history entry).
        setSearchParams(
          (params) => {
            params.delete('t');
            return params;
          },
          { replace: true },
        );
        let shown = given ?? null;
        if (!shown) {
          shown = await fetchAutoLike()
            .then((r) => r.profile)
            .catch(() => null);
          // The like is now seen: the badge and the likes list follow shortly after.
          timers.push(
            setTimeout(
              () => void client.invalidateQueries({ queryKey: likesKey }),
              LIKES_RELOAD_AFTER_AUTO_LIKE_MS,
            ),
          );
        }
        if (cancelled) return;
        if (shown) setProfile(shown);
        else onDone();
      }, likeModalDelay(tQuery) * 1000),
    );
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  if (!profile) return null;
  const close = () => {
    setProfile(null);
    onDone();
  };
  const open = () => {
    close();
    navigate(`/members/${profile.id}`);
  };
  const image = profile.main_image?.match;
  return (
    <Dialog
      open
      className="like-modal"
      title={t('likeModal.title')}
      onCancel={close}
      onBackdropClick={close}
      onClose={close}
      closeLabel={t('likeModal.close')}
    >
      <div
        className="like-modal-body"
        style={{ '--like-modal-delay': `${MATCH_MODAL_ANIMATION_DELAY_S}s` } as CSSProperties}
      >
        <button
          type="button"
          className="like-modal-photo"
          onClick={open}
          aria-label={t('likeModal.viewPhoto', { name: profile.name })}
        >
          {image ? (
            <img src={image} alt="" width={320} height={400} />
          ) : (
            <span className="like-modal-initial" aria-hidden="true">
              {profile.name.slice(0, 1)}
            </span>
          )}
        </button>
        <p className="like-modal-text">{t('likeModal.likesYou', { name: profile.name })}</p>
        <button
          type="button"
          className="btn btn-primary btn-lg like-modal-button"
          onClick={open}
          data-autofocus
        >
          {t('likeModal.view')}
        </button>
      </div>
    </Dialog>
  );
}
