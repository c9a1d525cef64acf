import type { z } from 'zod';
import {
  addDays,
  FIGURES_DEFAULT_DAYS,
  FIGURES_MAX_DAYS,
  type figuresQuery,
  rangeProblem,
} from '../../../../common/api/admin/figures';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { utcDay } from './active-days';

/** The days and sites one figures request covers. */
export type FiguresScope = {
  from: string;
  to: string;
  /** The site asked for, or null for all sites. */
  siteId: number | null;
  /** The sites counted: the one asked for, or every site (so each query can use its site index). */
  siteIds: number[];
};

/**
 * The range and sites of a request: the last FIGURES_DEFAULT_DAYS days by default (UTC), one end
 * given = FIGURES_DEFAULT_DAYS from or to it. A reversed or too long range is 400, an unknown
 * site 404.
 */
export async function figuresScope(
  services: Services,
  query: z.output<typeof figuresQuery>,
): Promise<FiguresScope> {
  const span = FIGURES_DEFAULT_DAYS - 1;
  const to = query.to ?? (query.from ? addDays(query.from, span) : utcDay(services.now()));
  const from = query.from ?? addDays(to, -span);
  const problem = rangeProblem(from, to);
  if (problem)
    throw new ApiError(400, 'invalid_input', {
      fields: {
        to: problem === 'order' ? 'before from' : `more than ${FIGURES_MAX_DAYS} days`,
      },
    });
  const sites = await services.sites.all();
  if (query.site_id !== undefined && !sites.some((s) => s.id === query.site_id))
    throw new ApiError(404, 'not_found');
  const siteId = query.site_id ?? null;
  return { from, to, siteId, siteIds: siteId === null ? sites.map((s) => s.id) : [siteId] };
}

/** Every day of the scope, in order. */
export function scopeDays(scope: Pick<FiguresScope, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = scope.from; day <= scope.to; day = addDays(day, 1)) days.push(day);
  return days;
}
