import './MemberNav.scss';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { badgeText } from '../../common/rules/badge';
import { useUnreadTotal } from '../api/chats-unread';
import { useNewLikesCount } from '../api/likes';
import { useUser } from '../api/user';
import { CreditsOrPremium } from './CreditsLink';

/**
 * The top bar, the member's own items: search members, messages with the unread badge, then
 * likes with the new-likes badge, then the credits (paid members) or get premium (the others). Its
 * own chunk: visitors never load it.
 */
export default function MemberNav() {
  const { t } = useTranslation();
  const newLikes = useNewLikesCount();
  const badge = badgeText(newLikes);
  const unread = useUnreadTotal();
  const unreadBadge = badgeText(unread);
  const { data: user } = useUser();
  return (
    <ul className="member-nav" aria-label={t('nav.member')}>
      <li className="is-tabbed">
        <NavLink to="/members" end className="member-nav-link">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="m15.5 15.5 5 5" />
          </svg>
          <span className="member-nav-label">{t('nav.searchMembers')}</span>
        </NavLink>
      </li>
      <li className="is-tabbed">
        <NavLink to="/chats" className="member-nav-link">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
            <path d="M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
          </svg>
          <span className="member-nav-label">{t('chats.nav')}</span>
          {unreadBadge && (
            <>
              <span className="member-nav-badge is-unread" aria-hidden="true">
                {unreadBadge}
              </span>
              <span className="visually-hidden">{t('chats.unread', { count: unread })}</span>
            </>
          )}
        </NavLink>
      </li>
      <li className="is-tabbed">
        <NavLink to="/likes" className="member-nav-link">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
            <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z" />
          </svg>
          <span className="member-nav-label">{t('nav.likes')}</span>
          {badge && (
            <>
              <span className="member-nav-badge" aria-hidden="true">
                {badge}
              </span>
              <span className="visually-hidden">{t('nav.newLikes', { count: newLikes })}</span>
            </>
          )}
        </NavLink>
      </li>
      {user && (
        <li>
          <CreditsOrPremium user={user} />
        </li>
      )}
    </ul>
  );
}
