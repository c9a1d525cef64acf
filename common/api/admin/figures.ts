import { z } from 'zod';
import { int4IdParam } from '../fields';

/**
 * The console's figures: per day within a date range, for one site or all of them.
 * Days are UTC days (`time_zone: 'UTC'`): one calendar for every site, whatever its country.
 */

/** The longest range one request may ask for: a year, leap day included. */
export const FIGURES_MAX_DAYS = 366;
/** The range the screen opens with, ending today. */
export const FIGURES_DEFAULT_DAYS = 30;
/** Traffic rows (network × lander) per answer, the busiest first. */
export const FIGURES_TRAFFIC_ROWS_MAX = 100;

const DAY_MS = 86_400_000;
/** A calendar day, `YYYY-MM-DD`. */
export const figuresDay = z.iso.date();

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `day` moved by `delta` days. */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** What is wrong with a range, or null: the one rule the server checks and the screen shows. */
export function rangeProblem(from: string, to: string): 'order' | 'length' | null {
  const days = daysInRange(from, to);
  if (days < 1) return 'order';
  if (days > FIGURES_MAX_DAYS) return 'length';
  return null;
}

const siteId = int4IdParam;

/** GET /api/admin/figures.php and revenue.php: no range = the last FIGURES_DEFAULT_DAYS days; no site = all. */
export const figuresQuery = z
  .object({
    from: figuresDay.optional(),
    to: figuresDay.optional(),
    site_id: siteId.optional(),
  })
  .strict();
export type FiguresQuery = z.input<typeof figuresQuery>;

const count = z.number().int().nonnegative();
const range = {
  from: figuresDay,
  to: figuresDay,
  site_id: z.number().int().nullable(),
  time_zone: z.literal('UTC'),
};

export const figuresDayRow = z.object({
  day: figuresDay,
  signups: count,
  /** Members who used the site that day (logged in or made any request). */
  active_members: count,
  messages: count,
  /** Paid payments, whatever their currency. */
  purchases: count,
  visits: count,
  bounces: count,
});
export type FiguresDayRow = z.infer<typeof figuresDayRow>;

/** Visits, bounces and signups of one traffic network on one lander; null = none recorded. */
export const trafficRow = z.object({
  network: z.string().nullable(),
  lander: z.string().nullable(),
  visits: count,
  bounces: count,
  signups: count,
});
export type TrafficRow = z.infer<typeof trafficRow>;

export const figuresResponse = z.object({
  figures: z.object({
    ...range,
    /** Every day of the range, in order, zeros included. */
    days: z.array(figuresDayRow),
    /** Over the whole range, most visits first. */
    traffic: z.array(trafficRow),
  }),
});
export type Figures = z.infer<typeof figuresResponse>['figures'];

/** Money of one currency on one day, in cents: `amount` paid that day, `refunded` refunded that day. */
export const revenueDayRow = z.object({
  day: figuresDay,
  purchases: count,
  amount: count,
  refunded: count,
});

/** GET /api/admin/revenue.php (admin only): per currency, every day of the range. */
export const revenueResponse = z.object({
  revenue: z.object({
    ...range,
    currencies: z.array(
      z.object({
        currency: z.string(),
        purchases: count,
        amount: count,
        refunded: count,
        days: z.array(revenueDayRow),
      }),
    ),
  }),
});
export type Revenue = z.infer<typeof revenueResponse>['revenue'];
