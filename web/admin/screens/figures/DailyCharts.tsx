import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Figures, FiguresDayRow } from '../../../../common/api/admin/figures';
import { FiguresChart, type Series } from './Chart';
import { ChartPanel } from './ChartPanel';
import { useFiguresFormat } from './format';

type Field = Exclude<keyof FiguresDayRow, 'day'>;

/**
 * The charts per day: signups, active members, messages, purchases, and visits with bounces. Each
 * with its total over the range in its header and its numbers in a table under it.
 */
export function DailyCharts(props: { figures: Figures }) {
  const { t } = useTranslation('admin');
  const f = useFiguresFormat();
  const { days } = props.figures;
  const labels = useMemo(() => days.map((d) => f.shortDay(d.day)), [days, f]);
  const sum = (field: Field) => days.reduce((n, d) => n + d[field], 0);
  const tableOf = (fields: Field[], title: (field: Field) => string) => ({
    columns: [t('figures.day'), ...fields.map(title)],
    rows: days.map((d) => [f.day(d.day), ...fields.map((field) => f.number(d[field]))]),
  });
  const rangeText = t('figures.rangeText', { from: f.day(props.figures.from), to: f.day(props.figures.to) });

  // One chart per count; memoised so a chart is drawn again only when its answer changes.
  const single = useMemo(() => {
    const values = (field: Field) => days.map((d) => d[field]);
    const one = (field: Field): Series[] => [{ label: t(`figures.series.${field}`), values: values(field) }];
    return {
      signups: one('signups'),
      active_members: one('active_members'),
      messages: one('messages'),
      purchases: one('purchases'),
      traffic: [
        { label: t('figures.series.visits'), values: values('visits'), tone: 'accent' as const },
        { label: t('figures.series.bounces'), values: values('bounces'), tone: 'muted' as const },
      ],
    };
  }, [days, t]);

  const counted = (field: Field, type: 'bar' | 'line' = 'bar') => {
    const total = sum(field);
    const title = t(`figures.charts.${field}`);
    const totalText =
      field === 'active_members'
        ? t('figures.averagePerDay', { value: f.number(Math.round(total / Math.max(days.length, 1))) })
        : t('figures.total', { value: f.number(total) });
    return (
      <ChartPanel
        key={field}
        title={title}
        total={totalText}
        table={tableOf([field], (x) => t(`figures.series.${x}`))}
        note={total === 0 ? t('figures.noneInRange') : undefined}
      >
        <FiguresChart
          type={type}
          label={`${title}, ${rangeText}: ${totalText}`}
          labels={labels}
          series={single[field as keyof typeof single]}
        />
      </ChartPanel>
    );
  };

  const visits = sum('visits');
  const bounces = sum('bounces');
  const trafficTotal = t('figures.visitsTotal', {
    visits: f.number(visits),
    bounces: f.number(bounces),
    rate: f.share(bounces, visits),
  });
  return (
    <>
      {counted('signups')}
      {counted('active_members', 'line')}
      {counted('messages')}
      {counted('purchases')}
      <ChartPanel
        title={t('figures.charts.visits')}
        total={trafficTotal}
        table={tableOf(['visits', 'bounces'], (x) => t(`figures.series.${x}`))}
        note={visits === 0 ? t('figures.noneInRange') : undefined}
      >
        <FiguresChart
          type="line"
          label={`${t('figures.charts.visits')}, ${rangeText}: ${trafficTotal}`}
          labels={labels}
          series={single.traffic}
        />
      </ChartPanel>
    </>
  );
}
