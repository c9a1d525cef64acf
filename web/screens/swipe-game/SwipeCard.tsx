import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';

/** How far (px) a card must be dragged to count as a decision; less snaps back. */
export const SWIPE_THRESHOLD = 110;

/** The big photo of a card, its name, age and region. */
export function CardFace({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  const image = profile.main_image;
  return (
    <>
      {image ? (
        <img src={image.filename} alt={t('profile.photoOf', { name: profile.name })} draggable={false} />
      ) : (
        <span className="swipe-card-initial" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </span>
      )}
      <div className="swipe-card-caption">
        <strong>
          {profile.name}, {profile.age}
        </strong>
        {profile.region && <span>{profile.region}</span>}
      </div>
    </>
  );
}

/**
 * The top card, dragged by mouse, pen or finger (pointer events): it follows the pointer and
 * tilts a little; let go past the threshold and it is a like (right) or a pass (left), otherwise it
 * springs back. Vertical scrolling stays with the page (touch-action: pan-y).
 */
export function SwipeCard({
  profile,
  onDecide,
}: {
  profile: ProfileCard;
  onDecide: (liked: boolean, dx: number) => void;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState<number | null>(null);
  const [dx, setDx] = useState(0);
  const dragging = start !== null;
  const end = (decide: boolean) => {
    const moved = dx;
    setStart(null);
    setDx(0);
    if (decide && Math.abs(moved) >= SWIPE_THRESHOLD) onDecide(moved > 0, moved);
  };
  const strength = Math.min(1, Math.abs(dx) / SWIPE_THRESHOLD);
  return (
    <div
      className={`swipe-card swipe-card-top${dragging ? ' is-dragging' : ''}`}
      data-testid="swipe-card"
      style={{ transform: `translateX(${dx}px) rotate(${dx / 18}deg)` }}
      onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setStart(e.clientX);
        setDx(0);
      }}
      onPointerMove={(e) => {
        if (start !== null) setDx(e.clientX - start);
      }}
      onPointerUp={() => dragging && end(true)}
      onPointerCancel={() => end(false)}
    >
      <CardFace profile={profile} />
      <span
        className="swipe-stamp swipe-stamp-like"
        style={{ opacity: dx > 0 ? strength : 0 }}
        aria-hidden="true"
      >
        {t('swipeGame.like')}
      </span>
      <span
        className="swipe-stamp swipe-stamp-pass"
        style={{ opacity: dx < 0 ? strength : 0 }}
        aria-hidden="true"
      >
        {t('swipeGame.pass')}
      </span>
    </div>
  );
}
