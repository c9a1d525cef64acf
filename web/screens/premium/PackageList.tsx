import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditsResponse } from '../../../common/api/payments';
import { formatMoney } from './money';

/** The credit bundles of the payment country: credits, price, price per message, the popular one. */
export function PackageList({ credits, labelledBy }: { credits: CreditsResponse; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  return (
    <ul className="pricing-packages" aria-labelledby={labelledBy}>
      {credits.packages.map((p) => {
        const discounted = p.discounted_price !== null && p.discounted_price < p.price;
        return (
          <li key={p.id} className={`pricing-package${p.popular ? ' is-popular' : ''}`}>
            {p.popular && <span className="pricing-popular">{t('pricing.package.popular')}</span>}
            <p className="pricing-credits">
              {withNumber(t('pricing.package.credits', { count: p.credits }))}
            </p>
            <p className="pricing-price">
              {discounted && p.discounted_price !== null ? (
                <>
                  <del>
                    <span className="visually-hidden">{t('pricing.package.was')} </span>
                    {money(p.price, p.currency)}
                  </del>{' '}
                  <ins>
                    <span className="visually-hidden">{t('pricing.package.now')} </span>
                    {money(p.discounted_price, p.currency)}
                  </ins>
                </>
              ) : (
                money(p.price, p.currency)
              )}
            </p>
            <p className="pricing-per-message">
              {t('pricing.package.perMessage', { price: money(p.price_per_message, p.currency) })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The catalog's `<num>…</num>` part set large. By hand rather than with react-i18next's Trans,
 * which would put its HTML parser into the framework chunk every first page downloads.
 */
function withNumber(text: string): ReactNode[] {
  return text.split(/(<num>[^<]*<\/num>)/).map((part, i) => {
    const m = /^<num>([^<]*)<\/num>$/.exec(part);
    return m ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <span key={i} className="pricing-credits-number">
        {m[1]}
      </span>
    ) : (
      part
    );
  });
}
