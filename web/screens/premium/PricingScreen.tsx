import './premium.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { formatMoneyRange } from '../../format';
import { usePriceQuote } from '../../state/price-quote';
import { CoinIcon, ShieldIcon } from './icons';
import { countryName } from './money';
import { PackageList } from './PackageList';

/**
 * /pricing, public: the credit bundles in the payment country's currency (GET /api/credits.php,
 * which answers visitors too), what a message, a photo and a gift cost in credits, and the
 * money-back period ("Money-back period: {refund_days} days").
 */
export default function PricingScreen() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const { data: user } = useUser();
  // The same quote as the credits page: a member sees their discount here too.
  const quote = usePriceQuote();
  const costs = [
    ['message', settings.message_credits],
    ['photo', settings.photo_credits],
    ['gift', settings.gift_credits],
  ] as const;
  const money = (key: (typeof costs)[number][0]) => {
    const cost = quote.data?.costs[key];
    return quote.data && cost && cost.min !== null && cost.max !== null
      ? formatMoneyRange(cost.min, cost.max, quote.data.currency, i18n.language)
      : null;
  };
  return (
    <section className="container premium-section pricing-page" aria-labelledby="pricing-title">
      <h1 id="pricing-title">{t('pricing.title')}</h1>
      <p className="premium-lead">{t('pricing.intro')}</p>

      <h2 id="pricing-packages">{t('pricing.packages.title')}</h2>
      {quote.data && (
        <p className="premium-note">
          {t('pricing.packages.country', {
            country: countryName(quote.data.country, i18n.language),
            currency: quote.data.currency,
          })}
        </p>
      )}
      {quote.failed ? (
        <p className="pricing-error" role="alert">
          {quote.error instanceof ApiError ? quote.error.message : t('pricing.packages.failed')}
        </p>
      ) : quote.data ? (
        quote.data.packages.length > 0 ? (
          <PackageList credits={quote.data} labelledBy="pricing-packages" />
        ) : (
          <p>{t('pricing.packages.none')}</p>
        )
      ) : (
        <ul className="pricing-packages" aria-busy="true" aria-label={t('pricing.packages.loading')}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="pricing-package is-placeholder" />
          ))}
        </ul>
      )}
      <p className="premium-note">
        {t('pricing.premiumNote')} <Link to="/premium">{t('pricing.premiumLink')}</Link>
      </p>

      <div className="pricing-columns">
        <section className="pricing-card" aria-labelledby="pricing-costs">
          <h2 id="pricing-costs" className="h4">
            <CoinIcon /> {t('pricing.costs.title')}
          </h2>
          <dl className="pricing-costs">
            {costs.map(([key, count]) => (
              <div key={key}>
                <dt>{t(`pricing.costs.${key}`)}</dt>
                <dd>
                  {t('pricing.credits', { count })}
                  {money(key) && <> {t('pricing.costs.money', { money: money(key) })}</>}
                </dd>
              </div>
            ))}
          </dl>
          <p className="premium-note">{t('pricing.costs.giftNote')}</p>
          {settings.signup_credits > 0 && (
            <p className="premium-note">{t('pricing.costs.signup', { count: settings.signup_credits })}</p>
          )}
        </section>
        <section className="pricing-card" aria-labelledby="pricing-refund">
          <h2 id="pricing-refund" className="h4">
            <ShieldIcon /> {t('pricing.refund.title')}
          </h2>
          <p>{t('pricing.refund.text', { count: settings.refund_days })}</p>
          <Link to="/pages/return-policy">{t('pricing.refund.link')}</Link>
        </section>
      </div>

      <FictionalDisclosure className="premium-disclosure" />
      <div className="premium-actions">
        {user ? (
          <Link to="/credits" className="btn btn-primary btn-lg">
            {t('pricing.cta')}
          </Link>
        ) : (
          <Link to="/signup" className="btn btn-primary btn-lg">
            {t('pricing.ctaVisitor')}
          </Link>
        )}
      </div>
    </section>
  );
}
