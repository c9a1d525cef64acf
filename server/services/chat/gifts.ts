import { asc } from 'drizzle-orm';
import type { Gift } from '../../../common/api/chats';
import type { Db } from '../../db/client';
import { gifts } from '../../db/schema';
import type { Site } from '../sites/sites';

export type GiftRow = typeof gifts.$inferSelect;

/**
 * How long an instance keeps the catalogue: an admin's change (console) reaches every instance within
 * this time, and the instance that made it at once (`invalidate`).
 */
const CACHE_MS = 1_000;

/**
 * The gift catalogue, kept for a second: a gift send needs its price, and a query per send for a
 * dozen rows an operator rarely changes would be a round trip on the hottest path.
 */
export class GiftCatalogue {
  private cache: { at: number; rows: GiftRow[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<GiftRow[]> {
    if (this.cache && this.now() - this.cache.at < CACHE_MS) return this.cache.rows;
    const rows = await this.db.select().from(gifts).orderBy(asc(gifts.position), asc(gifts.id));
    this.cache = { at: this.now(), rows };
    return rows;
  }

  /** Forgets the catalogue at once (after a change in the console). */
  invalidate(): void {
    this.cache = null;
  }

  async byId(id: number): Promise<GiftRow | undefined> {
    return (await this.all()).find((g) => g.id === id);
  }
}

/** The catalogue of an app (buildApp): its cache lives as long as the app. */
export function createGiftCatalogue(db: Db, now: () => Date): GiftCatalogue {
  return new GiftCatalogue(db, () => now().getTime());
}

/** A gift's price on a site: its own, or the site's gift_credits. */
export const giftPrice = (gift: GiftRow, site: Site) => gift.credits ?? site.settings.gift_credits;

/** GET /api/gifts.php: the active gifts in catalogue order, priced for the site. */
export async function activeGifts(catalogue: GiftCatalogue, site: Site): Promise<Gift[]> {
  return (await catalogue.all())
    .filter((g) => g.active)
    .map((g) => ({ id: g.id, slug: g.slug, credits: giftPrice(g, site) }));
}
