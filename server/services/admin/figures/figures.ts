import { type SQL, sql } from 'drizzle-orm';
import {
  addDays,
  FIGURES_TRAFFIC_ROWS_MAX,
  type Figures,
  type FiguresDayRow,
  type Revenue,
  type TrafficRow,
} from '../../../../common/api/admin/figures';
import type { Db } from '../../../db/client';
import { type FiguresScope, scopeDays } from './range';

/**
 * The console's figures. Every count is a GROUP BY over one range of an index that
 * leads with the site and the time (members_site_signup, active_days_site_day, page_visits_site_day,
 * page_bounces_site_day, payments_site_paid, messages_created): the cost grows with the rows of the
 * range, never with the table. Days are UTC days.
 */

const sites = (scope: FiguresScope) => sql`${sql.param(scope.siteIds)}::int[]`;
/** The range as times: from the first day's midnight (UTC) up to, not including, the day after the last. */
const start = (scope: FiguresScope) => sql`${`${scope.from}T00:00:00Z`}::timestamptz`;
const end = (scope: FiguresScope) => sql`${`${addDays(scope.to, 1)}T00:00:00Z`}::timestamptz`;
const dayOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const byDay = (db: Db, query: SQL) =>
  rows<{ key: string; n: unknown }>(db, query).then(
    (list) => new Map(list.map((r): [string, number] => [r.key, Number(r.n)])),
  );

function signupsPerDay(db: Db, s: FiguresScope) {
  return byDay(
    db,
    sql`SELECT ${dayOf(sql`signup_date`)} AS key, count(*) AS n FROM members
      WHERE site_id = ANY(${sites(s)}) AND signup_date >= ${start(s)} AND signup_date < ${end(s)}
      GROUP BY 1`,
  );
}

function activePerDay(db: Db, s: FiguresScope) {
  return byDay(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS key, count(*) AS n FROM active_days
      WHERE site_id = ANY(${sites(s)}) AND day >= ${s.from}::date AND day <= ${s.to}::date
      GROUP BY day`,
  );
}

/** Messages carry no site: all sites count them straight, one site through their conversation. */
function messagesPerDay(db: Db, s: FiguresScope) {
  const inRange = sql`m.created_at >= ${start(s)} AND m.created_at < ${end(s)}`;
  return byDay(
    db,
    s.siteId === null
      ? sql`SELECT ${dayOf(sql`m.created_at`)} AS key, count(*) AS n FROM messages m WHERE ${inRange} GROUP BY 1`
      : sql`SELECT ${dayOf(sql`m.created_at`)} AS key, count(*) AS n FROM messages m
          JOIN conversations c ON c.id = m.conversation_id
          WHERE ${inRange} AND c.site_id = ${s.siteId} GROUP BY 1`,
  );
}

// `status = 'paid'` is written out (not a parameter) so the planner can use the partial index.
const paidInRange = (s: FiguresScope) =>
  sql`status = 'paid' AND site_id = ANY(${sites(s)}) AND paid_at >= ${start(s)} AND paid_at < ${end(s)}`;

function purchasesPerDay(db: Db, s: FiguresScope) {
  return byDay(
    db,
    sql`SELECT ${dayOf(sql`paid_at`)} AS key, count(*) AS n FROM payments WHERE ${paidInRange(s)} GROUP BY 1`,
  );
}

function perDay(db: Db, s: FiguresScope, table: 'page_visits' | 'page_bounces') {
  return byDay(
    db,
    sql`SELECT ${dayOf(sql`created_at`)} AS key, count(*) AS n FROM ${sql.raw(table)}
      WHERE site_id = ANY(${sites(s)}) AND created_at >= ${start(s)} AND created_at < ${end(s)}
      GROUP BY 1`,
  );
}

type TrafficCount = { network: string | null; lander: string | null; n: unknown };

function perSource(db: Db, s: FiguresScope, table: 'page_visits' | 'page_bounces') {
  return rows<TrafficCount>(
    db,
    sql`SELECT network, lander, count(*) AS n FROM ${sql.raw(table)}
      WHERE site_id = ANY(${sites(s)}) AND created_at >= ${start(s)} AND created_at < ${end(s)}
      GROUP BY network, lander`,
  );
}

/** Signups by the traffic source the signup form carried (services/accounts/signup.ts `tracking`). */
function signupsPerSource(db: Db, s: FiguresScope) {
  return rows<TrafficCount>(
    db,
    sql`SELECT tracking->>'network' AS network, tracking->>'lander' AS lander, count(*) AS n FROM members
      WHERE site_id = ANY(${sites(s)}) AND signup_date >= ${start(s)} AND signup_date < ${end(s)}
      GROUP BY 1, 2`,
  );
}

/** Visits, bounces and signups per network and lander, busiest first, at most FIGURES_TRAFFIC_ROWS_MAX. */
export function trafficTable(
  visits: TrafficCount[],
  bounces: TrafficCount[],
  signups: TrafficCount[],
): TrafficRow[] {
  const table = new Map<string, TrafficRow>();
  const add = (list: TrafficCount[], field: 'visits' | 'bounces' | 'signups') => {
    for (const r of list) {
      const network = r.network || null;
      const lander = r.lander || null;
      const key = JSON.stringify([network, lander]);
      const row = table.get(key) ?? { network, lander, visits: 0, bounces: 0, signups: 0 };
      row[field] += Number(r.n);
      table.set(key, row);
    }
  };
  add(visits, 'visits');
  add(bounces, 'bounces');
  add(signups, 'signups');
  return [...table.values()]
    .sort(
      (a, b) =>
        b.visits - a.visits ||
        b.signups - a.signups ||
        b.bounces - a.bounces ||
        String(a.network).localeCompare(String(b.network)) ||
        String(a.lander).localeCompare(String(b.lander)),
    )
    .slice(0, FIGURES_TRAFFIC_ROWS_MAX);
}

/** Signups, active members, messages, purchases, visits and bounces per day, and the traffic table. */
export async function figures(db: Db, scope: FiguresScope): Promise<Figures> {
  // One after the other: PGlite runs one statement at a time anyway, and each is an index range.
  const signups = await signupsPerDay(db, scope);
  const active = await activePerDay(db, scope);
  const messages = await messagesPerDay(db, scope);
  const purchases = await purchasesPerDay(db, scope);
  const visits = await perDay(db, scope, 'page_visits');
  const bounces = await perDay(db, scope, 'page_bounces');
  const traffic = trafficTable(
    await perSource(db, scope, 'page_visits'),
    await perSource(db, scope, 'page_bounces'),
    await signupsPerSource(db, scope),
  );
  const days = scopeDays(scope).map(
    (day): FiguresDayRow => ({
      day,
      signups: signups.get(day) ?? 0,
      active_members: active.get(day) ?? 0,
      messages: messages.get(day) ?? 0,
      purchases: purchases.get(day) ?? 0,
      visits: visits.get(day) ?? 0,
      bounces: bounces.get(day) ?? 0,
    }),
  );
  return { from: scope.from, to: scope.to, site_id: scope.siteId, time_zone: 'UTC', days, traffic };
}

type MoneyCount = { key: string; currency: string; n: unknown; cents: unknown };

/**
 * Paid purchases and their amounts per currency and day, and refunds on the day they were made: a
 * day's net is `amount − refunded`, and a day already reported does not change when one of its
 * purchases is refunded later.
 */
export async function revenue(db: Db, scope: FiguresScope): Promise<Revenue> {
  const paid = await rows<MoneyCount>(
    db,
    sql`SELECT ${dayOf(sql`paid_at`)} AS key, currency, count(*) AS n, sum(amount) AS cents FROM payments
      WHERE ${paidInRange(scope)} GROUP BY 1, 2`,
  );
  const refunded = await rows<MoneyCount>(
    db,
    sql`SELECT ${dayOf(sql`refunded_at`)} AS key, currency, 0 AS n, sum(refunded_amount) AS cents FROM payments
      WHERE refunded_at IS NOT NULL AND site_id = ANY(${sites(scope)})
        AND refunded_at >= ${start(scope)} AND refunded_at < ${end(scope)}
      GROUP BY 1, 2`,
  );
  const currencies = [...new Set([...paid, ...refunded].map((r) => r.currency))].sort();
  const index = (list: MoneyCount[]) => new Map(list.map((r) => [`${r.currency} ${r.key}`, r]));
  const paidBy = index(paid);
  const refundedBy = index(refunded);
  const days = scopeDays(scope);
  return {
    from: scope.from,
    to: scope.to,
    site_id: scope.siteId,
    time_zone: 'UTC',
    currencies: currencies.map((currency) => {
      const perDay = days.map((day) => {
        const p = paidBy.get(`${currency} ${day}`);
        const r = refundedBy.get(`${currency} ${day}`);
        return {
          day,
          purchases: Number(p?.n ?? 0),
          amount: Number(p?.cents ?? 0),
          refunded: Number(r?.cents ?? 0),
        };
      });
      const total = (field: 'purchases' | 'amount' | 'refunded') =>
        perDay.reduce((sum, d) => sum + d[field], 0);
      return {
        currency,
        purchases: total('purchases'),
        amount: total('amount'),
        refunded: total('refunded'),
        days: perDay,
      };
    }),
  };
}
