import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import { useConnectionState } from '../../api/realtime';
import { useUser } from '../../api/user';
import { CreditsLink } from '../../components/CreditsLink';
import { FlagIcon } from '../../components/report/ReportAction';
import { Avatar } from './Avatar';
import { BackIcon } from './icons';

/**
 * The conversation's top: back to the chats, the member (photo, name, age, region; "typing…" or
 * online when their card says so) as a link to their profile, the viewer's own balance (what each
 * message is paid from; the composer has no room to say it on a phone), and the viewer's own connection.
 */
export function ChatHeader({
  profile,
  typing,
  onReport,
}: {
  profile: ProfileCard;
  typing: boolean;
  /** Opens the report dialog. */
  onReport?: () => void;
}) {
  const { t } = useTranslation();
  const connection = useConnectionState();
  const { data: viewer } = useUser();
  return (
    <header className="chat-header">
      <Link to="/chats" className="chat-icon-button" aria-label={t('chat.back')} title={t('chat.back')}>
        <BackIcon />
      </Link>
      <Link
        to={`/members/${profile.id}`}
        className="chat-header-member"
        // Named by what it shows (name, age, status) so a spoken command of the visible text finds it;
        // where it leads is its description.
        title={t('chat.viewProfile', { name: profile.name })}
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
      {viewer && (
        <span className="chat-header-credits">
          <CreditsLink credits={viewer.credits} />
        </span>
      )}
      {onReport && (
        <button
          type="button"
          className="chat-icon-button chat-report"
          onClick={onReport}
          aria-label={t('reports.actionMember')}
          title={t('reports.actionMember')}
        >
          <FlagIcon />
        </button>
      )}
      {/* The member's own connection, at a glance (the shell's ConnectionStatus says it in words). */}
      <span
        className={`chat-connection is-${connection}`}
        title={connection === 'connected' ? t('chat.live') : t('chat.notLive')}
        aria-hidden="true"
      />
    </header>
  );
}
