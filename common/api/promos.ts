import { z } from 'zod';

/**
 * Promo profiles as members and visitors see them: a partner's performer, always shown as an
 * advertisement (the catalog's `promoProfile.label`, "Ad"), never as a member. They come from their own
 * calls, beside the member search and the match finder, so they are never in a count of members.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const promoCard = z
  .object({
    id: z.number().int(),
    /** Tells a promo from a member wherever the two are shown together. */
    kind: z.literal('promo'),
    /** The label every promo carries: the catalog's `promoProfile.label` ("Ad"). */
    label: z.literal('ad'),
    name: z.string(),
    age: z.number().int(),
    text: z.string(),
    picture_url: z.string().nullable(),
    thumb_url: z.string().nullable(),
    /** The partner site the button leads to, shown beside it. */
    partner_host: z.string(),
    /** Where the button goes: the server counts the click and sends the visitor on to the partner. */
    click_url: z.string(),
  })
  .meta({ id: 'PromoCard' });
export type PromoCard = z.infer<typeof promoCard>;

/** GET /api/promos.php: the promos shown now on this site to this viewer (country, niche). */
export const promosResponse = z.object({ promos: z.array(promoCard) });
export type PromosResponse = z.infer<typeof promosResponse>;

/** GET /api/promo.php?id=: one of them (404 when it is not shown here now). */
export const promoQuery = z.object({ id }).strict();
export const promoResponse = z.object({ promo: promoCard });
export type PromoResponse = z.infer<typeof promoResponse>;

/** GET /api/promo-click.php?id=&network=: counts a click and redirects to the partner (302). */
export const promoClickQuery = z
  .object({
    id,
    network: z.string().trim().max(100).optional().describe('the tracking network the visitor came with'),
  })
  .strict();
