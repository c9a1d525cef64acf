import './figures.scss';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  addDays,
  daysInRange,
  FIGURES_DEFAULT_DAYS,
  FIGURES_MAX_DAYS,
  figuresDay,
  rangeProblem,
} from '../../../../common/api/admin/figures';
import { DateRange, type DayRange } from '../../components/DateRange';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { SiteFilter } from '../../components/SiteFilter';
import { useStaffCan } from '../../staff-context';
import { useFigures, useRevenue } from './api';
import { DailyCharts } from './DailyCharts';
import { useFiguresFormat, utcToday } from './format';
import { PromoClicksPanel } from './PromoClicksPanel';
import { RevenueChart } from './RevenueChart';
import { TrafficPanel } from './TrafficPanel';

const PRESETS = [7, 30, 90, 365];
const isDay = (v: string | null): v is string => v !== null && figuresDay.safeParse(v).success;

/**
 * /admin/figures: per UTC day within a range, for one site or all, signups, active members,
 * messages, purchases, visits and bounces, revenue (admins), and the traffic sources. The range
 * and the site live in the address, so a view can be shared and survives a reload.
 */
export default function FiguresScreen() {
  const { t } = useTranslation('admin');
  const f = useFiguresFormat();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const today = utcToday();
  const to = isDay(params.get('to')) ? (params.get('to') as string) : today;
  const from = isDay(params.get('from'))
    ? (params.get('from') as string)
    : addDays(to, -(FIGURES_DEFAULT_DAYS - 1));
  const site = Number(params.get('site')) || null;
  const problem = rangeProblem(from, to);
  const scope = { from, to, site_id: site };
  const isAdmin = useStaffCan('admin');
  const figures = useFigures(scope, problem === null);
  const revenue = useRevenue(scope, problem === null && isAdmin);

  const show = (next: { range?: DayRange; site?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.range) {
      p.set('from', next.range.from);
      p.set('to', next.range.to);
    }
    if (next.site !== undefined) {
      if (next.site) p.set('site', String(next.site));
      else p.delete('site');
    }
    setParams(p);
  };
  const preset = (days: number) => ({ from: addDays(today, -(days - 1)), to: today });
  const rangeText = t('figures.rangeText', { from: f.day(from), to: f.day(to) });

  return (
    <div className="figures">
      <PageHeader title={t('figures.title')} subtitle={t('figures.intro')} />
      <form
        className="admin-panel figures-filters"
        aria-label={t('figures.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SiteFilter id={`${id}-site`} value={site} onChange={(next) => show({ site: next })} />
        <DateRange value={{ from, to }} onChange={(range) => show({ range })} legend={t('figures.period')} />
        <fieldset className="figures-presets">
          <legend className="visually-hidden">{t('figures.presets.label')}</legend>
          {PRESETS.map((days) => {
            const range = preset(days);
            const current = range.from === from && range.to === to;
            return (
              <button
                key={days}
                type="button"
                className={`btn btn-sm ${current ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={current}
                onClick={() => show({ range })}
              >
                {t('figures.presets.days', { count: days })}
              </button>
            );
          })}
        </fieldset>
        <p className="figures-filters__note">{t('figures.utcNote')}</p>
      </form>

      {problem ? (
        <div role="alert" className="alert alert-warning">
          {problem === 'length'
            ? t('figures.rangeTooLong', { max: FIGURES_MAX_DAYS, days: daysInRange(from, to) })
            : t('common.dateRangeInvalid')}
        </div>
      ) : figures.isPending ? (
        <Loading />
      ) : figures.isError ? (
        <ErrorAlert error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <div aria-busy={figures.isPlaceholderData} className="figures-body">
          <p className="visually-hidden" aria-live="polite">
            {figures.isPlaceholderData ? t('common.loading') : rangeText}
          </p>
          <div className="figures-grid">
            <DailyCharts figures={figures.data.figures} />
            {isAdmin &&
              (revenue.isError ? (
                <ErrorAlert error={revenue.error} onRetry={() => void revenue.refetch()} />
              ) : revenue.data ? (
                <RevenueChart revenue={revenue.data.revenue} />
              ) : (
                <Loading />
              ))}
          </div>
          <TrafficPanel traffic={figures.data.figures.traffic} rangeText={rangeText} />
          <PromoClicksPanel scope={scope} />
        </div>
      )}
    </div>
  );
}
