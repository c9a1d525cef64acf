import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrafficRow } from '../../../../common/api/admin/figures';
import { FiguresChart } from './Chart';
import { useFiguresFormat } from './format';

/** Sources drawn in the chart; the table lists every one. */
const CHART_ROWS = 10;

/**
 * Visits, bounces and signups per traffic network and lander over the range: the sources with most
 * visits and those with most signups as bars, and every source in the table under them with its
 * bounce rate and conversion.
 */
export function TrafficPanel(props: { traffic: TrafficRow[]; rangeText: string }) {
  const { t } = useTranslation('admin');
  const f = useFiguresFormat();
  const id = useId();
  const landerName = useMemo(
    () => (l: string | null) => {
      if (l === null) return t('figures.traffic.unknownLander');
      if (l.startsWith('landers/')) return t('figures.traffic.lander', { name: l.slice('landers/'.length) });
      return t(`figures.traffic.pages.${l}`, { defaultValue: l });
    },
    [t],
  );
  const top = useMemo(() => props.traffic.slice(0, CHART_ROWS), [props.traffic]);
  const sourceName = useCallback(
    (r: TrafficRow) => `${r.network ?? t('figures.traffic.noNetwork')} · ${landerName(r.lander)}`,
    [t, landerName],
  );
  const labels = useMemo(() => top.map(sourceName), [top, sourceName]);
  const visits = useMemo(
    () => [
      { label: t('figures.series.visits'), values: top.map((r) => r.visits), tone: 'accent' as const },
      { label: t('figures.series.bounces'), values: top.map((r) => r.bounces), tone: 'muted' as const },
    ],
    [top, t],
  );
  // Signups by their own source order: the sources with most visits are not always those with most signups.
  const bySignups = useMemo(
    () =>
      props.traffic
        .filter((r) => r.signups > 0)
        .sort((a, b) => b.signups - a.signups)
        .slice(0, CHART_ROWS),
    [props.traffic],
  );
  const signupLabels = useMemo(() => bySignups.map(sourceName), [bySignups, sourceName]);
  const signups = useMemo(
    () => [
      {
        label: t('figures.series.signups'),
        values: bySignups.map((r) => r.signups),
        tone: 'primary' as const,
      },
    ],
    [bySignups, t],
  );
  const title = t('figures.charts.traffic');
  return (
    <section className="admin-panel figures-chart figures-traffic" aria-labelledby={`${id}-title`}>
      <header className="figures-chart__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="figures-chart__total">{t('figures.trafficSources', { count: props.traffic.length })}</p>
      </header>
      {props.traffic.length === 0 ? (
        <p className="figures-chart__empty">{t('figures.noTraffic')}</p>
      ) : (
        <>
          <div className="figures-traffic__charts">
            <div>
              <h3>{t('figures.charts.visitsBySource')}</h3>
              <FiguresChart
                type="bar"
                horizontal
                tall
                label={`${t('figures.charts.visitsBySource')}, ${props.rangeText}: ${t('figures.trafficChartLabel', { count: top.length })}`}
                labels={labels}
                series={visits}
              />
            </div>
            <div>
              <h3>{t('figures.charts.signupsBySource')}</h3>
              {bySignups.length === 0 ? (
                <p className="figures-chart__empty">{t('figures.noneInRange')}</p>
              ) : (
                <FiguresChart
                  type="bar"
                  horizontal
                  tall
                  label={`${t('figures.charts.signupsBySource')}, ${props.rangeText}: ${t('figures.signupSourcesLabel', { count: bySignups.length })}`}
                  labels={signupLabels}
                  series={signups}
                />
              )}
            </div>
          </div>
          <div className="figures-chart__table figures-traffic__table">
            <table className="table table-sm">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('figures.traffic.network')}</th>
                  <th scope="col">{t('figures.traffic.landerColumn')}</th>
                  <th scope="col" className="text-end">
                    {t('figures.series.visits')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('figures.series.bounces')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('figures.traffic.bounceRate')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('figures.series.signups')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('figures.traffic.conversion')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.traffic.map((r) => (
                  <tr key={`${r.network}|${r.lander}`}>
                    <th scope="row">
                      {r.network ?? (
                        <span className="text-body-secondary">{t('figures.traffic.noNetwork')}</span>
                      )}
                    </th>
                    <td>{landerName(r.lander)}</td>
                    <td className="text-end tabular">{f.number(r.visits)}</td>
                    <td className="text-end tabular">{f.number(r.bounces)}</td>
                    <td className="text-end tabular">{f.share(r.bounces, r.visits)}</td>
                    <td className="text-end tabular">{f.number(r.signups)}</td>
                    <td className="text-end tabular">{f.share(r.signups, r.visits)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
