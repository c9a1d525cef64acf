import './premium.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FREE_CHAT_STARTS, PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../common/constants';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { loginPath } from '../../state/auth';
import { useOfferedDiscount } from '../../state/time-bonus';
import { DiscountNote } from './DiscountNote';
import { BadgeIcon, ChatIcon, CoinIcon, CrownIcon, EyeIcon, PhotosIcon } from './icons';

type Benefit = { key: string; icon: ReactNode; values?: Record<string, number> };

/** "Premium member" against "Free member", in the product's numbers. */
const BENEFITS: Benefit[] = [
  { key: 'photos', icon: <EyeIcon /> },
  { key: 'upload', icon: <PhotosIcon />, values: { premium: PHOTO_LIMIT_PREMIUM, free: PHOTO_LIMIT_FREE } },
  { key: 'chats', icon: <ChatIcon />, values: { free: FREE_CHAT_STARTS } },
  { key: 'badge', icon: <BadgeIcon /> },
  { key: 'credits', icon: <CoinIcon /> },
];

/** The way on: credits for a member, signing up (or logging in) for a visitor. */
function CallToAction({ member, paid }: { member: boolean; paid: boolean }) {
  const { t } = useTranslation();
  if (!member)
    return (
      <div className="premium-actions">
        <Link to="/signup" className="btn btn-primary btn-lg">
          {t('premium.ctaVisitor')}
        </Link>
        <Link to={loginPath('/premium')} className="btn btn-link">
          {t('premium.login')}
        </Link>
      </div>
    );
  return (
    <div className="premium-actions">
      <Link to="/credits" className="btn btn-primary btn-lg">
        {paid ? t('premium.ctaMore') : t('premium.cta')}
      </Link>
      <Link to="/pricing" className="btn btn-link">
        {t('premium.pricingLink')}
      </Link>
    </div>
  );
}

/**
 * /premium: what premium gives, that it comes with the first credit purchase, the
 * discount that runs now, and the way to credits.
 */
export default function PremiumScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user } = useUser();
  const offer = useOfferedDiscount();
  const paid = Boolean(user?.paid_user);
  return (
    <div className="premium-page">
      <section className="premium-hero" aria-labelledby="premium-title">
        <div className="container premium-hero-inner">
          <span className="premium-hero-mark" aria-hidden="true">
            <CrownIcon />
          </span>
          <h1 id="premium-title">
            {paid ? t('premium.headingPaid') : t('premium.heading', { site: settings.name })}
          </h1>
          <p className="premium-lead">{paid ? t('premium.introPaid') : t('premium.intro')}</p>
          {offer && <DiscountNote offer={offer} />}
          <CallToAction member={Boolean(user)} paid={paid} />
        </div>
      </section>

      <section className="container premium-section" aria-labelledby="premium-benefits">
        <h2 id="premium-benefits">{t('premium.benefits.title')}</h2>
        <ul className="premium-benefits">
          {BENEFITS.map((b) => (
            <li key={b.key} className="premium-benefit">
              <span className="premium-benefit-icon">{b.icon}</span>
              <div>
                <h3>{t(`premium.benefits.${b.key}.title`, b.values)}</h3>
                <p>{t(`premium.benefits.${b.key}.text`, b.values)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="container premium-section" aria-labelledby="premium-how">
        <h2 id="premium-how">{t('premium.how.title')}</h2>
        <ol className="premium-steps">
          <li>{t('premium.how.choose')}</li>
          <li>{t('premium.how.pay')}</li>
          <li>{t('premium.how.done')}</li>
        </ol>
        <p className="premium-note">{t('premium.how.noSubscription')}</p>
        <FictionalDisclosure className="premium-disclosure" />
        {!paid && <CallToAction member={Boolean(user)} paid={paid} />}
      </section>
    </div>
  );
}
