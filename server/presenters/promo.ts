import type { PromoCard } from '../../common/api/promos';
import { mediaUrl } from '../infra/storage';
import type { PromoRow } from '../services/promos/promos';

/** The address of the click route: the server counts the click, then sends the viewer on. */
export const promoClickUrl = (id: number) => `/api/promo-click.php?id=${id}`;

/** A promo as members and visitors see it: always labelled as an advertisement. */
export function presentPromo(row: PromoRow): PromoCard {
  let host = '';
  try {
    host = new URL(row.url).hostname;
  } catch {
    // Saved links are checked; a row that is no URL shows no host rather than failing the list.
  }
  return {
    id: row.id,
    kind: 'promo',
    label: 'ad',
    name: row.name,
    age: row.age,
    text: row.text,
    picture_url: row.pictureKey ? mediaUrl(row.pictureKey) : null,
    thumb_url: row.thumbKey ? mediaUrl(row.thumbKey) : null,
    partner_host: host,
    click_url: promoClickUrl(row.id),
  };
}
