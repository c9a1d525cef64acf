import './PromoCardView.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromoCard } from '../../common/api/promos';

/**
 * A partner's promo between member cards: the same size as a member card so the grid stays even,
 * but never mistaken for one: an "Ad" label on the picture and in its name for screen readers, a
 * frame of its own and the partner's site where a member card shows a region. It opens the
 * promo's own screen (/promo/:id), never a member profile.
 */
export function PromoCardView({ promo }: { promo: PromoCard }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/promo/${promo.id}`}
      className="promo-card-link"
      aria-label={t('promoProfile.cardLabel', { name: promo.name, age: promo.age })}
    >
      <figure className="profile-card promo-card">
        <div className="profile-card-photo">
          {promo.thumb_url ? (
            <img src={promo.thumb_url} alt="" loading="lazy" width={320} height={400} />
          ) : (
            <span className="profile-card-initial" aria-hidden="true">
              {promo.name.slice(0, 1)}
            </span>
          )}
        </div>
        <span className="promo-label">{t('promoProfile.label')}</span>
        <figcaption>
          <strong>
            {promo.name}, {promo.age}
          </strong>
          <span className="promo-card-host">{promo.partner_host}</span>
        </figcaption>
      </figure>
    </Link>
  );
}
