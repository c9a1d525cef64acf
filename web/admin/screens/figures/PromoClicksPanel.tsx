import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { usePromoClicks } from '../promos/api';
import { useFiguresFormat } from './format';

/**
 * Clicks through partners' promo profiles in the range: per promo and UTC day, per traffic network
 * of the visitor. Ads, so apart from the members' figures above.
 */
export function PromoClicksPanel(props: { scope: { from: string; to: string; site_id: number | null } }) {
  const { t } = useTranslation('admin');
  const f = useFiguresFormat();
  const id = useId();
  const clicks = usePromoClicks(props.scope, true);
  const title = t('promos.figures.title');
  return (
    <section className="admin-panel figures-chart figures-promo-clicks" aria-labelledby={`${id}-title`}>
      <header className="figures-chart__header">
        <h2 id={`${id}-title`}>{title}</h2>
        {clicks.data && (
          <p className="figures-chart__total">
            {t('promos.figures.total', { total: clicks.data.promo_clicks.total })}
          </p>
        )}
      </header>
      {clicks.isError ? (
        <ErrorAlert error={clicks.error} onRetry={() => void clicks.refetch()} />
      ) : !clicks.data ? (
        <Loading />
      ) : clicks.data.promo_clicks.rows.length === 0 ? (
        <p className="figures-chart__empty">{t('promos.figures.none')}</p>
      ) : (
        <div className="figures-chart__table">
          <table className="table table-sm">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('promos.figures.day')}</th>
                <th scope="col">{t('promos.figures.promo')}</th>
                <th scope="col">{t('figures.traffic.network')}</th>
                <th scope="col" className="text-end">
                  {t('promos.clicks')}
                </th>
              </tr>
            </thead>
            <tbody>
              {clicks.data.promo_clicks.rows.map((r) => (
                <tr key={`${r.day}|${r.promo_id}|${r.network ?? ''}`}>
                  <td>{f.day(r.day)}</td>
                  <td>
                    {r.name} <span className="text-body-secondary">#{r.promo_id}</span>
                  </td>
                  <td>{r.network ?? t('figures.traffic.noNetwork')}</td>
                  <td className="text-end">{r.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
