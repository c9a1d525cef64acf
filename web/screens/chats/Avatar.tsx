import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';

/**
 * A member's round photo (the thumbnail; a premium photo arrives blurred for non-premium viewers),
 * or their initial. The online dot only when the card says so: invisible members never do.
 */
export function Avatar({ profile, size }: { profile: ProfileCard; size: number }) {
  const { t } = useTranslation();
  return (
    <span className="chat-avatar" style={{ width: size, height: size }}>
      {profile.main_image ? (
        <img src={profile.main_image.thumb_filename} alt="" width={size} height={size} loading="lazy" />
      ) : (
        <span className="chat-avatar-initial" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </span>
      )}
      {profile.online && (
        <span className="chat-avatar-online">
          <span className="visually-hidden">{t('chat.online')}</span>
        </span>
      )}
    </span>
  );
}
