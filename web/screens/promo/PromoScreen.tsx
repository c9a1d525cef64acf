import '../../components/PromoCardView.scss';
import './promo.scss';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PromoCard } from '../../../common/api/promos';
import { ApiError } from '../../api/client';
import { promoClickHref, usePromo } from '../../api/promos';
import { NotFound } from '../error/ErrorPage';

/**
 * /promo/:id: a partner's promo, opened from its card. It says plainly that it is an
 * advertisement and not a member, and its one action leads to the partner's site through the
 * server (which counts the click). No member actions: no chat, like or report.
 */
export default function Screen() {
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const promo = usePromo(id);
  if (id <= 0) return <NotFound />;
  if (promo.error) {
    if (promo.error instanceof ApiError && promo.error.status === 404) return <NotFound />;
    throw promo.error;
  }
  if (!promo.data) return <section className="container promo-page" aria-busy="true" />;
  return <PromoView promo={promo.data.promo} />;
}

function PromoView({ promo }: { promo: PromoCard }) {
  const { t } = useTranslation();
  return (
    <article className="container promo-page" aria-labelledby="promo-name">
      <p className="promo-page-back">
        <Link to="/members">{t('promoProfile.back')}</Link>
      </p>
      <div className="promo-layout">
        <div className="promo-picture">
          {promo.picture_url ? (
            <img src={promo.picture_url} alt={t('promoProfile.photoOf', { name: promo.name })} />
          ) : (
            <span className="profile-card-initial" aria-hidden="true">
              {promo.name.slice(0, 1)}
            </span>
          )}
          <span className="promo-label" aria-hidden="true">
            {t('promoProfile.label')}
          </span>
        </div>
        <div className="promo-body">
          <p className="promo-page-label">
            <span className="promo-label-inline">{t('promoProfile.label')}</span>
            <span>{t('promoProfile.notice')}</span>
          </p>
          <h1 id="promo-name">
            {promo.name}, {promo.age}
          </h1>
          <p className="promo-text">{promo.text}</p>
          <a
            className="btn btn-primary btn-lg promo-visit"
            href={promoClickHref(promo)}
            target="_blank"
            rel="sponsored noopener noreferrer"
          >
            {t('promoProfile.visit', { host: promo.partner_host })}
            <span className="visually-hidden"> {t('promoProfile.newTab')}</span>
          </a>
          <p className="promo-partner-note">{t('promoProfile.partnerNote', { host: promo.partner_host })}</p>
        </div>
      </div>
    </article>
  );
}
