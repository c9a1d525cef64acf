import { useTranslation } from 'react-i18next';
import type { SwipeQuota } from '../../../common/api/swipe-game';

/** The day's likes as hearts, with the count in words. */
export function LikesLeft({ quota }: { quota: SwipeQuota }) {
  const { t } = useTranslation();
  return (
    <p className="swipe-likes-left" data-testid="likes-left">
      <span className="swipe-hearts" aria-hidden="true">
        {Array.from({ length: quota.likes_per_day }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one heart per daily like, in order
          <span key={i} className={i < quota.likes_left ? 'is-left' : 'is-used'}>
            ♥
          </span>
        ))}
      </span>
      {t('swipeGame.likesLeft', { count: quota.likes_left })}
    </p>
  );
}
