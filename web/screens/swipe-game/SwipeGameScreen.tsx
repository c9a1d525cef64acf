import './swipe-game.scss';
import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { ProfileCard } from '../../../common/api/profile';
import type { SwipeQuota } from '../../../common/api/swipe-game';
import { ApiError } from '../../api/client';
import { useSwipe, useSwipeStack } from '../../api/swipe-game';
import { useUser } from '../../api/user';
import { loginPath } from '../../state/auth';
import { LikesLeft } from './LikesLeft';
import { LimitReached } from './LimitReached';
import { CardFace, SwipeCard } from './SwipeCard';

type Note = { kind: 'liked' | 'passed' | 'match' | 'failed'; profile: ProfileCard };
type Leaving = { profile: ProfileCard; liked: boolean; dx: number };

/** Fetch more cards when this few are left, so the stack never runs dry while there are members. */
const REFILL_AT = 3;

/**
 * The height the card may take so that it and its buttons share the screen, whatever sits above it
 * (the top bar, a banner, the heading) and below (the app's tab bar): set before the first paint
 * and again when the screen or what is above the card changes size.
 */
function useCardRoom(stack: RefObject<HTMLDivElement | null>, actions: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = stack.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const below = (actions.current?.offsetHeight ?? 0) + 40;
      const tabbar = Number.parseFloat(getComputedStyle(el).getPropertyValue('--app-tabbar-height')) || 0;
      // The one banner floats over the foot of the screen (web/components/BannerSlot.tsx).
      const banner = Number.parseFloat(getComputedStyle(el).getPropertyValue('--banner-space')) || 0;
      el.style.setProperty(
        '--swipe-room',
        `${Math.max(256, window.innerHeight - top - below - tabbar - banner)}px`,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stack, actions]);
}

/** /swipe-game: a stack of cards; like or pass by drag, buttons or the arrow keys; 4 likes a day. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const stack = useSwipeStack(Boolean(user));
  const swipe = useSwipe();
  const [queue, setQueue] = useState<ProfileCard[]>([]);
  const [quota, setQuota] = useState<SwipeQuota | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const decided = useRef(new Set<number>());
  const inFlight = useRef(0);
  const stackRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  useCardRoom(stackRef, actionsRef);

  // Each answer of the stack adds the cards not seen yet; an answer with none new means the end.
  useEffect(() => {
    const data = stack.data;
    if (!data) return;
    setQuota(data.quota);
    setQueue((q) => {
      const fresh = data.profiles.filter((p) => !decided.current.has(p.id) && !q.some((x) => x.id === p.id));
      setExhausted(fresh.length === 0);
      return [...q, ...fresh];
    });
  }, [stack.data]);

  // More cards once the first answer is in (that one is the query's own: a visitor never asks).
  const refetch = stack.refetch;
  const loaded = stack.isSuccess;
  useEffect(() => {
    if (loaded && queue.length <= REFILL_AT && !exhausted && !stack.isFetching && inFlight.current === 0)
      void refetch();
  }, [loaded, queue.length, exhausted, stack.isFetching, refetch]);

  if (!isPending && !user) return <Navigate to={loginPath('/swipe-game')} replace />;

  const top = queue[0];
  const outOfLikes = quota?.likes_left === 0;

  const decide = (liked: boolean, dx = 0) => {
    if (!top || (liked && outOfLikes)) return;
    decided.current.add(top.id);
    setQueue((q) => q.slice(1));
    setLeaving({ profile: top, liked, dx });
    if (liked && quota) setQuota({ ...quota, likes_left: Math.max(0, quota.likes_left - 1) });
    inFlight.current += 1;
    swipe.mutate(
      { memberId: top.id, liked },
      {
        onSuccess: (answer) => {
          setQuota(answer.quota);
          setNote({ kind: answer.swipe.match ? 'match' : liked ? 'liked' : 'passed', profile: top });
        },
        onError: (err) => {
          // Refused (the day's likes ran out elsewhere) or failed: the card comes back on top.
          decided.current.delete(top.id);
          setQueue((q) => [top, ...q]);
          if (err instanceof ApiError && err.code === 'swipe_limit_reached' && quota)
            setQuota({ ...quota, likes_left: 0 });
          else setNote({ kind: 'failed', profile: top });
        },
        onSettled: () => {
          inFlight.current -= 1;
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') decide(false);
    else if (e.key === 'ArrowRight') decide(true);
    else return;
    e.preventDefault();
  };

  const loading = !stack.data && !stack.isError;
  return (
    <section className="container swipe-page" aria-busy={loading}>
      <div className="swipe-head">
        <h1>{t('swipeGame.title')}</h1>
        {quota && <LikesLeft quota={quota} />}
      </div>
      <p className="swipe-intro">{t('swipeGame.intro')}</p>
      {stack.isError && <p className="text-danger">{t('swipeGame.failed')}</p>}

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys work anywhere in the game, the card and its buttons alike */}
      <div className="swipe-game" onKeyDown={onKeyDown}>
        <div className="swipe-stack" ref={stackRef}>
          {queue[1] && (
            <div className="swipe-card swipe-card-next" aria-hidden="true">
              <CardFace profile={queue[1]} />
            </div>
          )}
          {top ? (
            <section
              className="swipe-focus"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the card takes focus so that the arrow keys decide it
              tabIndex={0}
              aria-label={t('swipeGame.cardHelp', { name: top.name, age: top.age })}
            >
              <SwipeCard key={top.id} profile={top} onDecide={decide} />
            </section>
          ) : (
            !loading &&
            exhausted &&
            !stack.isFetching && (
              <div className="swipe-empty">
                <h2>{t('swipeGame.empty.title')}</h2>
                <p>{t('swipeGame.empty.text')}</p>
                <Link to="/match-finder" className="btn btn-primary">
                  {t('swipeGame.empty.link')}
                </Link>
              </div>
            )
          )}
          {loading && <div className="swipe-card swipe-card-placeholder" aria-hidden="true" />}
          {leaving && (
            <div
              key={leaving.profile.id}
              className={`swipe-card swipe-card-leaving ${leaving.liked ? 'to-right' : 'to-left'}`}
              style={{ '--from-x': `${leaving.dx}px` } as CSSProperties}
              aria-hidden="true"
              onAnimationEnd={() => setLeaving(null)}
            >
              <CardFace profile={leaving.profile} />
            </div>
          )}
        </div>

        <div className="swipe-actions" ref={actionsRef}>
          <button
            type="button"
            className="swipe-button swipe-pass"
            aria-label={top ? t('swipeGame.passName', { name: top.name }) : t('swipeGame.pass')}
            disabled={!top}
            onClick={() => decide(false)}
          >
            <span aria-hidden="true">✕</span>
          </button>
          <button
            type="button"
            className="swipe-button swipe-like"
            aria-label={top ? t('swipeGame.likeName', { name: top.name }) : t('swipeGame.like')}
            disabled={!top || outOfLikes}
            onClick={() => decide(true)}
          >
            <span aria-hidden="true">♥</span>
          </button>
        </div>
      </div>

      <div className="swipe-note" aria-live="polite">
        {note?.kind === 'match' && (
          <p className="swipe-match">
            {t('swipeGame.match', { name: note.profile.name })}{' '}
            <Link to={`/members/${note.profile.id}`}>{t('swipeGame.viewProfile')}</Link>
          </p>
        )}
        {note?.kind === 'liked' && (
          <p className="visually-hidden">{t('swipeGame.liked', { name: note.profile.name })}</p>
        )}
        {note?.kind === 'passed' && (
          <p className="visually-hidden">{t('swipeGame.passed', { name: note.profile.name })}</p>
        )}
        {note?.kind === 'failed' && <p className="text-danger">{t('swipeGame.failed')}</p>}
      </div>

      {quota && outOfLikes && <LimitReached resetsAt={quota.resets_at} paid={Boolean(user?.paid_user)} />}
    </section>
  );
}
