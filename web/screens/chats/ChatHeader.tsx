import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { Avatar } from './Avatar';
import { BackIcon } from './icons';

/** The conversation's top: back to the chats, and the member (photo, name, age, region) to their profile. */
export function ChatHeader({
  profile,
  typing,
  status,
}: {
  profile: ProfileCard;
  typing: boolean;
  status?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="chat-header">
      <Link to="/chats" className="chat-icon-button" aria-label={t('chat.back')} title={t('chat.back')}>
        <BackIcon />
      </Link>
      <Link
        to={`/members/${profile.id}`}
        className="chat-header-member"
        aria-label={t('chat.viewProfile', { name: profile.name })}
      >
        <Avatar profile={profile} size={44} />
        <span className="chat-header-text">
          <span className="chat-header-name">
            {profile.name}, {profile.age}
          </span>
          <span className="chat-header-sub">
            {typing ? (
              <span className="chat-typing">{t('chat.typing', { name: profile.name })}</span>
            ) : profile.online ? (
              <span className="chat-online-text">{t('chat.online')}</span>
            ) : (
              profile.region
            )}
          </span>
        </span>
      </Link>
      {status}
    </header>
  );
}
