import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartType,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the figures draw (bars, lines, their scales, tooltips and legend): chart.js leaves the
// rest out of this chunk.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

/** The series colours: CSS custom properties of figures.scss, set from the site's theme. */
const TONES = ['primary', 'secondary', 'accent', 'muted'] as const;
export type Tone = (typeof TONES)[number];

export type Series = {
  label: string;
  values: number[];
  /** Its colour; by default the next of primary, secondary, accent, muted. */
  tone?: Tone;
};

function colour(element: Element, property: string): string {
  return getComputedStyle(element).getPropertyValue(property).trim() || '#6c757d';
}

/**
 * One chart of the figures screen on a canvas with an accessible name (`label`, which should say
 * what the chart shows and its total: a screen reader reads that, the table beside it has the
 * numbers). Redrawn when its data change (pass them memoised); no animation, so a new range shows
 * at once.
 */
export function FiguresChart(props: {
  type: 'bar' | 'line';
  label: string;
  labels: string[];
  series: Series[];
  /** Horizontal bars (the traffic sources' names are long). */
  horizontal?: boolean;
  stacked?: boolean;
  format?: (value: number) => string;
  /** A taller drawing, for many bars. */
  tall?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { type, labels, series, horizontal, stacked, format } = props;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const grid = colour(element, '--figures-grid');
    const text = colour(element, '--figures-text');
    const valueAxis = {
      beginAtZero: true,
      stacked,
      grid: { color: grid },
      border: { display: false },
      ticks: {
        color: text,
        precision: 0,
        callback: (v: number | string) => (format ? format(Number(v)) : v),
      },
    };
    const categoryAxis = {
      stacked,
      grid: { display: false },
      // Every source's name on horizontal bars; days are thinned out to fit.
      ticks: { color: text, autoSkip: !horizontal, maxRotation: 0, autoSkipPadding: 12 },
    };
    const config: ChartConfiguration<ChartType, number[], string> = {
      type,
      data: {
        labels,
        datasets: series.map((s, i) => {
          const c = colour(element, `--figures-${s.tone ?? TONES[i % TONES.length]}`);
          return {
            label: s.label,
            data: s.values,
            // Lines fill their area lightly (a hex colour with alpha); bars are solid.
            backgroundColor: type === 'line' ? `${c}1f` : c,
            borderColor: c,
            borderWidth: type === 'line' ? 2 : 0,
            borderRadius: 2,
            pointRadius: labels.length > 45 ? 0 : 2,
            pointHoverRadius: 4,
            fill: type === 'line' && series.length === 1,
            tension: 0.25,
            maxBarThickness: 28,
          };
        }),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom', labels: { color: text, boxWidth: 12 } },
          tooltip: {
            callbacks: format
              ? { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` }
              : {},
          },
        },
      },
    };
    const chart = new Chart(element, config);
    return () => chart.destroy();
  }, [type, labels, series, horizontal, stacked, format]);

  return (
    <div className={`figures-chart__canvas ${props.tall ? 'figures-chart__canvas--tall' : ''}`}>
      <canvas ref={canvas} role="img" aria-label={props.label} />
    </div>
  );
}
