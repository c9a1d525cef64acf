import './MemberNav.scss';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { CurrentUser } from '../../common/api/user';
import { CREDIT_BADGE_THRESHOLD } from '../../common/constants';

/** The credits show as a badge at 10 or fewer, danger at 0, a warning above it. */
export function creditsBadge(credits: number): 'danger' | 'warning' | null {
  if (credits <= 0) return 'danger';
  return credits <= CREDIT_BADGE_THRESHOLD ? 'warning' : null;
}

/**
 * Paid members see their credits, the others the way to premium: the top bar's item (desktop and
 * phone) and the Me screen's.
 */
export function CreditsOrPremium({ user }: { user: CurrentUser }) {
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
  return <CreditsLink credits={user.credits} />;
}

/** The member's balance as a link to buying more: the number, a badge when it runs low, words for screen readers. */
export function CreditsLink({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const badge = creditsBadge(credits);
  return (
    <NavLink to="/credits" className="member-nav-link is-credits">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="member-nav-icon">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M14.5 9.2a3 3 0 1 0 0 5.6" />
      </svg>
      <span className="member-nav-label">{t('nav.credits')}</span>
      <span className={`member-nav-credits${badge ? ` is-${badge}` : ''}`} aria-hidden="true">
        {credits}
      </span>
      <span className="visually-hidden">
        {badge === 'danger'
          ? t('nav.creditsNone')
          : t(badge === 'warning' ? 'nav.creditsLow' : 'nav.creditsLeft', { count: credits })}
      </span>
    </NavLink>
  );
}
