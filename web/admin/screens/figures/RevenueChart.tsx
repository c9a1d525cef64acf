import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Revenue } from '../../../../common/api/admin/figures';
import { FiguresChart } from './Chart';
import { ChartPanel } from './ChartPanel';
import { useFiguresFormat } from './format';

/**
 * Revenue per day (admins only): what was paid and what was refunded, in one currency at a time
 * (amounts of different currencies do not add up); the busiest currency first.
 */
export function RevenueChart(props: { revenue: Revenue }) {
  const { t } = useTranslation('admin');
  const f = useFiguresFormat();
  const id = useId();
  const currencies = useMemo(
    () =>
      [...props.revenue.currencies].sort(
        (a, b) => b.purchases - a.purchases || a.currency.localeCompare(b.currency),
      ),
    [props.revenue],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const current = currencies.find((c) => c.currency === chosen) ?? currencies[0];
  const labels = useMemo(() => current?.days.map((d) => f.shortDay(d.day)) ?? [], [current, f]);
  const series = useMemo(
    () =>
      current
        ? [
            {
              label: t('figures.series.revenue'),
              values: current.days.map((d) => d.amount / 100),
              tone: 'secondary' as const,
            },
            {
              label: t('figures.series.refunded'),
              values: current.days.map((d) => d.refunded / 100),
              tone: 'muted' as const,
            },
          ]
        : [],
    [current, t],
  );
  const format = useMemo(
    () => (current ? (units: number) => f.money(Math.round(units * 100), current.currency) : undefined),
    [current, f],
  );
  const title = t('figures.charts.revenue');
  if (!current)
    return (
      <ChartPanel title={title}>
        <p className="figures-chart__empty">{t('figures.noRevenue')}</p>
      </ChartPanel>
    );
  const totalText = t('figures.revenueTotal', {
    net: f.money(current.amount - current.refunded, current.currency),
    paid: f.money(current.amount, current.currency),
    refunded: f.money(current.refunded, current.currency),
  });
  return (
    <ChartPanel
      title={title}
      total={totalText}
      table={{
        columns: [
          t('figures.day'),
          t('figures.series.purchases'),
          t('figures.series.revenue'),
          t('figures.series.refunded'),
          t('figures.series.net'),
        ],
        rows: current.days.map((d) => [
          f.day(d.day),
          f.number(d.purchases),
          f.money(d.amount, current.currency),
          f.money(d.refunded, current.currency),
          f.money(d.amount - d.refunded, current.currency),
        ]),
      }}
    >
      {currencies.length > 1 && (
        <div className="figures-chart__currency">
          <label htmlFor={`${id}-currency`}>{t('figures.currency')}</label>
          <select
            id={`${id}-currency`}
            className="form-select form-select-sm"
            value={current.currency}
            onChange={(e) => setChosen(e.target.value)}
          >
            {currencies.map((c) => (
              <option key={c.currency} value={c.currency}>
                {c.currency}
              </option>
            ))}
          </select>
        </div>
      )}
      <FiguresChart
        type="bar"
        label={`${title} (${current.currency}): ${totalText}`}
        labels={labels}
        series={series}
        format={format}
      />
    </ChartPanel>
  );
}
