import './MemberNav.scss';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { CurrentUser } from '../../common/api/user';
import { CREDIT_BADGE_THRESHOLD } from '../../common/constants';
import { badgeText } from '../../common/rules/badge';
import { useUnreadTotal } from '../api/chats-unread';
import { useNewLikesCount } from '../api/likes';
import { useUser } from '../api/user';

/** The credits show as a badge at 10 or fewer, danger at 0, a warning above it. */
export function creditsBadge(credits: number): 'danger' | 'warning' | null {
  if (credits <= 0) return 'danger';
  return credits <= CREDIT_BADGE_THRESHOLD ? 'warning' : null;
}

/** Paid members see their credits, the others the way to premium. */
function CreditsOrPremium({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  if (!user.paid_user)
    return (
      <NavLink to="/premium" className="member-nav-link is-premium">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
          <path d="m3 8 4.5 3.5L12 5l4.5 6.5L21 8l-2 11H5Z" />
        </svg>
        <span className="member-nav-label">{t('nav.getPremium')}</span>
      </NavLink>
    );
  const badge = creditsBadge(user.credits);
  return (
    <NavLink to="/credits" className="member-nav-link is-credits">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M14.5 9.2a3 3 0 1 0 0 5.6" />
      </svg>
      <span className="member-nav-label">{t('nav.credits')}</span>
      <span className={`member-nav-credits${badge ? ` is-${badge}` : ''}`} aria-hidden="true">
        {user.credits}
      </span>
      <span className="visually-hidden">
        {badge === 'danger'
          ? t('nav.creditsNone')
          : t(badge === 'warning' ? 'nav.creditsLow' : 'nav.creditsLeft', { count: user.credits })}
      </span>
    </NavLink>
  );
}

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
      <li>
        <NavLink to="/members" end className="member-nav-link">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="m15.5 15.5 5 5" />
          </svg>
          <span className="member-nav-label">{t('nav.searchMembers')}</span>
        </NavLink>
      </li>
      <li>
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
      <li>
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
