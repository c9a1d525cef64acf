import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NICHES } from '../../../common/constants';
import { HERO_SIZES } from '../../../common/rules/niches';
import { useSettings } from '../../api/site';
import { HeroImage } from '../../components/HeroImage';
import { MemberSample } from './MemberSample';

const STEPS = ['create', 'discover', 'chat'] as const;

/** The logged-out home page (/): sells the site and leads to signup. */
export default function Screen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const niche = NICHES[settings.niche as keyof typeof NICHES] ?? 'plain';
  return (
    <div className={`home niche-${niche}`}>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero-layout">
          <div className="home-hero-inner">
            <h1 id="home-title">{t(`home.hero.${niche}.title`)}</h1>
            <p className="lead">{t(`home.hero.${niche}.subtitle`, { site: settings.name })}</p>
            <div className="d-flex flex-wrap gap-2">
              <Link to="/signup" className="btn btn-light btn-lg fw-semibold">
                {t('home.cta')}
              </Link>
              <Link to="/login" className="btn btn-outline-light btn-lg">
                {t('home.haveAccount')}
              </Link>
            </div>
            <p className="home-hero-note">{t('home.free')}</p>
          </div>
          <div className="home-hero-picture">
            <HeroImage niche={niche} priority sizes={HERO_SIZES.home} />
          </div>
        </div>
      </section>

      <MemberSample />

      <section className="home-steps container" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('home.steps.title')}</h2>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-trust container" aria-labelledby="trust-title">
        <h2 id="trust-title">{t('home.trust.title', { site: settings.name })}</h2>
        <ul className="trust-points">
          {(['privacy', 'real', 'support'] as const).map((point) => (
            <li key={point}>
              <h3>{t(`home.trust.${point}.title`)}</h3>
              <p>{t(`home.trust.${point}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-final" aria-labelledby="final-title">
        <div className="container text-center">
          <h2 id="final-title">{t('home.final.title')}</h2>
          <Link to="/signup" className="btn btn-primary btn-lg">
            {t('home.cta')}
          </Link>
        </div>
      </section>
    </div>
  );
}
