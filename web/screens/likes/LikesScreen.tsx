import './likes.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LIKE_TYPES, type LikeType } from '../../../common/constants';
import { useLikes } from '../../api/likes';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { NotFound } from '../error/lazy';
import { LikeGrid } from './LikeGrid';
import { likeCards, tabCounts } from './likes-lists';

const isLikeType = (value: string): value is LikeType => (LIKE_TYPES as readonly string[]).includes(value);

/** /likes and /likes/{type}: received likes, given likes and matches, one tab each. */
export default function LikesScreen() {
  const { t } = useTranslation();
  const { type = 'received' } = useParams();
  const { data: user, isPending: userPending } = useUser();
  const likes = useLikes(Boolean(user));
  const [matchWith, setMatchWith] = useState<string | null>(null);
  if (!isLikeType(type)) return <NotFound />;
  if (!userPending && !user) return <Navigate to={loginPath(`/likes/${type}`)} replace />;

  const data = likes.data;
  const counts = data ? tabCounts(data) : null;
  const newCount = data ? data.liked_by.filter((l) => l.like_new).length : 0;
  return (
    <section className="container likes-page" aria-labelledby="likes-title">
      <h1 id="likes-title">{t('likes.title')}</h1>
      <nav aria-label={t('likes.tabs')}>
        <ul className="likes-tabs">
          {LIKE_TYPES.map((tab) => (
            <li key={tab}>
              <Link
                to={`/likes/${tab}`}
                className={`likes-tab ${tab === type ? 'active' : ''}`}
                aria-current={tab === type ? 'page' : undefined}
              >
                {t(`likes.tab.${tab}`)}
                {counts && <span className="likes-tab-count">{counts[tab]}</span>}
                {tab === 'received' && newCount > 0 && (
                  <span className="likes-tab-new">{t('likes.newCount', { count: newCount })}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="likes-intro">{t(`likes.intro.${type}`)}</p>
      <p className="visually-hidden" aria-live="polite">
        {matchWith ? t('likes.itsAMatch', { name: matchWith }) : ''}
      </p>
      {matchWith && (
        <p className="likes-match-note" aria-hidden="true">
          {t('likes.itsAMatch', { name: matchWith })}
        </p>
      )}
      {likes.isError ? (
        <div className="likes-empty" role="alert">
          <p>{t('likes.loadFailed')}</p>
          <button type="button" className="btn btn-outline-primary" onClick={() => void likes.refetch()}>
            {t('likes.retry')}
          </button>
        </div>
      ) : data ? (
        <LikeGrid type={type} cards={likeCards(data, type)} onMatch={setMatchWith} />
      ) : (
        <div className="profile-grid" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <div key={i} className="profile-card profile-card-placeholder" />
          ))}
        </div>
      )}
    </section>
  );
}
