import './TabBar.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeText } from '../../common/rules/badge';
import { useUnreadTotal } from '../api/chats-unread';
import { useNewLikesCount } from '../api/likes';
import { useRouteHandle } from '../route-handle';
import { TABS, type TabName, tabOf } from '../shell/tabs';

const ICONS: Record<TabName, ReactNode> = {
  discover: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  swipe: (
    <>
      <rect x="7" y="3.5" width="11" height="16" rx="2" transform="rotate(8 12.5 11.5)" />
      <path d="M4.5 6.5 3 17.5a2 2 0 0 0 1.7 2.2l5.3.8" />
    </>
  ),
  likes: (
    <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z" />
  ),
  chats: <path d="M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />,
  me: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
};

const LABELS: Record<TabName, string> = {
  discover: 'nav.tabs.discover',
  swipe: 'nav.tabs.swipe',
  likes: 'nav.likes',
  chats: 'chats.nav',
  me: 'nav.tabs.me',
};

/** A count on a tab's icon, 99+ above the cap; the words for screen readers follow the label. */
function TabBadge({ count, unread }: { count: number; unread?: boolean }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className={`tab-bar-badge${unread ? ' is-unread' : ''}`} aria-hidden="true">
      {text}
    </span>
  );
}

/**
 * The phone's bottom tab bar of the members area (below 768 px; the desktop keeps the top bar's
 * items): Discover, Swipe, Likes with the new likes, Chats with the unread messages, and Me. The
 * tab of the current screen is marked, for the eye and for screen readers (aria-current). The
 * layouts mount it for logged-in members only, and not in an open conversation.
 */
export default function TabBar() {
  const { t } = useTranslation();
  const current = tabOf(useRouteHandle().name);
  const unread = useUnreadTotal();
  const newLikes = useNewLikesCount();
  return (
    <nav className="tab-bar" aria-label={t('nav.member')}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.name}>
            <Link
              to={tab.to}
              className={`tab-bar-link${current === tab.name ? ' is-current' : ''}`}
              aria-current={current === tab.name ? 'page' : undefined}
            >
              <span className="tab-bar-icon-wrap">
                <svg viewBox="0 0 24 24" aria-hidden="true" className="tab-bar-icon">
                  {ICONS[tab.name]}
                </svg>
                {tab.name === 'chats' && <TabBadge count={unread} unread />}
                {tab.name === 'likes' && <TabBadge count={newLikes} />}
              </span>
              <span className="tab-bar-label">
                {t(LABELS[tab.name])}
                {tab.name === 'chats' && unread > 0 && (
                  <span className="visually-hidden">, {t('chats.unread', { count: unread })}</span>
                )}
                {tab.name === 'likes' && newLikes > 0 && (
                  <span className="visually-hidden">, {t('nav.newLikes', { count: newLikes })}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
