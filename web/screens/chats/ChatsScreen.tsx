import './chats.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useChats } from '../../api/chats';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { ChatList } from './ChatList';
import { BackIcon } from './icons';

/** The clock the list's times are read against, moved on each minute so "today" stays true. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /chats: the member's conversations, in the Chat layout. */
export default function ChatsScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const chats = useChats(Boolean(user));
  const now = useMinuteClock();
  if (!isPending && !user) return <Navigate to={loginPath('/chats', 'chat')} replace />;

  return (
    <div className="chats-page">
      <header className="chats-header">
        <Link to="/members" className="chat-icon-button" aria-label={t('chats.back')} title={t('chats.back')}>
          <BackIcon />
        </Link>
        <h1 id="chats-title">{t('chats.title')}</h1>
      </header>
      <section className="chats-body" aria-labelledby="chats-title">
        {chats.isError ? (
          <div className="chats-empty" role="alert">
            <p>{t('chats.loadFailed')}</p>
            <button type="button" className="btn btn-outline-primary" onClick={() => void chats.refetch()}>
              {t('chats.retry')}
            </button>
          </div>
        ) : !chats.data || !user ? (
          <ul className="chat-list" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
              <li key={i} className="chat-row chat-row-placeholder" />
            ))}
          </ul>
        ) : chats.data.chats.length === 0 ? (
          <div className="chats-empty">
            <svg className="chats-empty-mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
              <path d="M10 14h34a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H26l-10 8v-8h-6a6 6 0 0 1-6-6V20a6 6 0 0 1 6-6Z" />
              <path d="M36 22c-2-3.4-7-2.4-7 1.4 0 3.6 7 7.6 7 7.6s7-4 7-7.6c0-3.8-5-4.8-7-1.4Z" />
            </svg>
            <h2>{t('chats.empty.title')}</h2>
            <p>{t('chats.empty.text')}</p>
            <Link to="/members" className="btn btn-primary">
              {t('chats.empty.cta')}
            </Link>
          </div>
        ) : (
          <ChatList chats={chats.data.chats} viewerId={user.profile.id} now={now} />
        )}
      </section>
    </div>
  );
}
