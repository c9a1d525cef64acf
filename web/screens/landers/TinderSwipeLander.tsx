import './tinderswipe.scss';
import { type PointerEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../common/api/profile';
import { FictionalBadge, HeroImage, SignupCta, useLander, useLanderMembers, useNicheTexts } from './kit';

type Verdict = 'like' | 'pass';
type Prompt = { liked: ProfileCard | null };

/** How many members the deck holds. */
const DECK_SIZE = 12;
/** Without a like, the signup prompt comes after this many swipes (counted since the last prompt). */
const PROMPT_AFTER = 5;
/** After a dismissed prompt, a like brings it back once this many more swipes have passed. */
const PROMPT_AGAIN_AFTER = 3;
/** How far (px) a card must be dragged to count as a swipe. */
const SWIPE_DISTANCE = 90;
/** The fly-out animation's length (tinderswipe.scss), after which the next card is on top. */
const LEAVE_MS = 280;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * /landers/tinderswipe: a deck of real members to like or pass (buttons, arrow keys, or a drag /
 * swipe on the card). Nothing of a visitor's swipes is kept or sent: after a like or a few swipes a
 * prompt invites signup, where liking and chatting are real.
 */
export default function TinderSwipeLander() {
  const { t } = useTranslation();
  const { nicheName } = useLander();
  const niche = useNicheTexts(nicheName);
  const { profiles, loading } = useLanderMembers(DECK_SIZE);
  return (
    <div className={`lander swipe-lander niche-${nicheName}`}>
      <section className="swipe-stage" aria-labelledby="swipe-title">
        <div className="container swipe-layout">
          <div className="swipe-intro">
            <p className="swipe-eyebrow">{niche.title}</p>
            <h1 id="swipe-title">{t('landers.tinderswipe.title')}</h1>
            <p className="swipe-lead">{niche.subtitle}</p>
          </div>
          <div className="swipe-deck-area">
            {loading ? (
              <DeckPlaceholder />
            ) : profiles.length > 0 ? (
              <Deck profiles={profiles} />
            ) : (
              <EmptyDeck />
            )}
          </div>
          <div className="swipe-points">
            <ul>
              {(['free', 'nearby', 'discreet'] as const).map((point) => (
                <li key={point}>{t(`landers.tinderswipe.points.${point}`)}</li>
              ))}
            </ul>
            <SignupCta className="btn btn-light btn-lg swipe-cta" />
          </div>
        </div>
      </section>
    </div>
  );
}

function Deck({ profiles }: { profiles: ProfileCard[] }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState<Verdict | null>(null);
  const [dragging, setDragging] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Swipes since the start or the last prompt, and whether a prompt was shown already.
  const tally = useRef({ since: 0, prompted: false });
  const drag = useRef<{ pointer: number; startX: number; dx: number } | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  const likeRef = useRef<HTMLButtonElement>(null);
  const promptHeadingRef = useRef<HTMLHeadingElement>(null);

  const current = profiles[index];
  const finished = index >= profiles.length;
  const busy = leaving !== null || prompt !== null || finished;

  const setDrag = (dx: number) => cardRef.current?.style.setProperty('--drag', String(dx));

  function decide(verdict: Verdict) {
    if (busy || !current) return;
    const member = current;
    setLeaving(verdict);
    window.setTimeout(
      () => {
        setLeaving(null);
        const next = index + 1;
        setIndex(next);
        drag.current = null;
        tally.current.since += 1;
        const { since, prompted } = tally.current;
        const liked = verdict === 'like';
        if (
          next < profiles.length &&
          ((liked && (!prompted || since >= PROMPT_AGAIN_AFTER)) || since >= PROMPT_AFTER)
        ) {
          tally.current = { since: 0, prompted: true };
          setPrompt({ liked: liked ? member : null });
        } else if (next < profiles.length) {
          const upcoming = profiles[next] as ProfileCard;
          setAnnouncement(t('landers.tinderswipe.next', { name: upcoming.name, age: upcoming.age }));
        }
      },
      reducedMotion() ? 0 : LEAVE_MS,
    );
  }

  // The arrow keys like and pass from anywhere on the page, unless a field or a modal has them.
  const decideRef = useRef(decide);
  decideRef.current = decide;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable], dialog')) return;
      event.preventDefault();
      decideRef.current(event.key === 'ArrowRight' ? 'like' : 'pass');
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A prompt takes focus so keyboard and screen-reader users meet it; closing it gives focus back.
  useEffect(() => {
    if (prompt) promptHeadingRef.current?.focus();
  }, [prompt]);

  function keepSwiping() {
    setPrompt(null);
    const upcoming = profiles[index];
    if (upcoming) setAnnouncement(t('landers.tinderswipe.next', { name: upcoming.name, age: upcoming.age }));
    requestAnimationFrame(() => likeRef.current?.focus());
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: event.pointerId, startX: event.clientX, dx: 0 };
    setDragging(true);
  }
  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    d.dx = event.clientX - d.startX;
    setDrag(d.dx);
  }
  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    setDragging(false);
    if (event.type === 'pointerup' && Math.abs(d.dx) >= SWIPE_DISTANCE) {
      decide(d.dx > 0 ? 'like' : 'pass');
    } else {
      drag.current = null;
      setDrag(0);
    }
  }

  const visible = profiles.slice(index, index + 3);
  return (
    <div className="swipe-deck-wrap">
      <p id={hintId} className="swipe-hint">
        {t('landers.tinderswipe.hint')}
      </p>
      <div className="swipe-box">
        <div className="swipe-deck" inert={prompt !== null || finished}>
          <ul className="swipe-cards" aria-label={t('landers.tinderswipe.deckLabel')}>
            {visible
              .map((profile, i) => (
                <SwipeCard
                  key={profile.id}
                  profile={profile}
                  depth={i}
                  cardRef={i === 0 ? cardRef : undefined}
                  className={
                    i === 0
                      ? `${dragging ? ' is-dragging' : ''}${leaving ? ` is-leaving-${leaving}` : ''}`
                      : ''
                  }
                  describedBy={i === 0 ? hintId : undefined}
                  onPointerDown={i === 0 ? onPointerDown : undefined}
                  onPointerMove={i === 0 ? onPointerMove : undefined}
                  onPointerEnd={i === 0 ? onPointerEnd : undefined}
                />
              ))
              .reverse()}
          </ul>
        </div>
        {prompt && (
          <SwipePrompt headingRef={promptHeadingRef} liked={prompt.liked} onKeepSwiping={keepSwiping} />
        )}
        {finished && !prompt && <SwipeEnd />}
      </div>
      <div className={`swipe-actions${busy && !leaving ? ' is-hidden' : ''}`}>
        <button
          type="button"
          className="swipe-action swipe-action-pass"
          onClick={() => decide('pass')}
          aria-label={current ? t('landers.tinderswipe.passName', { name: current.name }) : undefined}
        >
          <PassIcon />
          <span aria-hidden="true">{t('landers.tinderswipe.pass')}</span>
        </button>
        <span className="swipe-position">
          {t('landers.tinderswipe.position', {
            current: Math.min(index + 1, profiles.length),
            total: profiles.length,
          })}
        </span>
        <button
          ref={likeRef}
          type="button"
          className="swipe-action swipe-action-like"
          onClick={() => decide('like')}
          aria-label={current ? t('landers.tinderswipe.likeName', { name: current.name }) : undefined}
        >
          <HeartIcon />
          <span aria-hidden="true">{t('landers.tinderswipe.like')}</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function SwipeCard({
  profile,
  depth,
  className,
  cardRef,
  describedBy,
  onPointerDown,
  onPointerMove,
  onPointerEnd,
}: {
  profile: ProfileCard;
  depth: number;
  className: string;
  cardRef?: Ref<HTMLElement>;
  describedBy?: string;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove?: (e: PointerEvent<HTMLElement>) => void;
  onPointerEnd?: (e: PointerEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  const image = profile.main_image;
  return (
    <li className={`swipe-card swipe-depth-${depth}${className}`} aria-hidden={depth > 0 || undefined}>
      <article
        ref={cardRef}
        className="swipe-card-inner"
        aria-describedby={describedBy}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        {image ? (
          <img
            src={image.filename}
            srcSet={`${image.thumb_filename} 320w, ${image.filename} 640w`}
            sizes="(min-width: 576px) 380px, 88vw"
            width={640}
            height={800}
            alt={t('landers.tinderswipe.photoOf', { name: profile.name })}
            draggable={false}
            loading={depth === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="swipe-card-initial" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        <span className="swipe-stamp swipe-stamp-like" aria-hidden="true">
          {t('landers.tinderswipe.like')}
        </span>
        <span className="swipe-stamp swipe-stamp-pass" aria-hidden="true">
          {t('landers.tinderswipe.pass')}
        </span>
        <FictionalBadge profile={profile} className="swipe-card-fictional" />
        <div className="swipe-card-caption">
          <h2>
            {profile.name}, {profile.age}
          </h2>
          <p>
            {profile.online && <span className="swipe-online">{t('landers.tinderswipe.online')}</span>}
            {profile.region && <span>{profile.region}</span>}
          </p>
        </div>
      </article>
    </li>
  );
}

function SwipePrompt({
  liked,
  headingRef,
  onKeepSwiping,
}: {
  liked: ProfileCard | null;
  headingRef: Ref<HTMLHeadingElement>;
  onKeepSwiping: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="swipe-panel swipe-prompt" aria-labelledby="swipe-prompt-title">
      {liked?.main_image && (
        <span className="swipe-prompt-photo">
          <img src={liked.main_image.thumb_filename} width={320} height={400} alt="" />
          <HeartIcon />
        </span>
      )}
      <h2 id="swipe-prompt-title" ref={headingRef} tabIndex={-1}>
        {liked
          ? t('landers.tinderswipe.prompt.likedTitle', { name: liked.name })
          : t('landers.tinderswipe.prompt.title')}
      </h2>
      <p>
        {liked
          ? t('landers.tinderswipe.prompt.likedText', { name: liked.name })
          : t('landers.tinderswipe.prompt.text')}
      </p>
      <SignupCta className="btn btn-primary btn-lg w-100" />
      <button type="button" className="btn btn-link swipe-prompt-dismiss" onClick={onKeepSwiping}>
        {t('landers.tinderswipe.prompt.keepSwiping')}
      </button>
    </section>
  );
}

function SwipeEnd() {
  const { t } = useTranslation();
  return (
    <section className="swipe-panel swipe-end" aria-labelledby="swipe-end-title" aria-live="polite">
      <HeartIcon />
      <h2 id="swipe-end-title">{t('landers.tinderswipe.end.title')}</h2>
      <p>{t('landers.tinderswipe.end.text')}</p>
      <SignupCta className="btn btn-primary btn-lg w-100" />
    </section>
  );
}

/** Where the site shows visitors no members: the niche's picture, and the way in. */
function EmptyDeck() {
  const { t } = useTranslation();
  const { nicheName } = useLander();
  return (
    <div className="swipe-deck-wrap">
      <div className="swipe-box">
        <div className="swipe-card swipe-card-empty">
          <div className="swipe-card-inner">
            <HeroImage niche={nicheName} priority sizes="(min-width: 576px) 380px, 88vw" />
            <div className="swipe-card-caption">
              <h2>{t('landers.tinderswipe.empty.title')}</h2>
              <p>{t('landers.tinderswipe.empty.text')}</p>
            </div>
          </div>
        </div>
      </div>
      <div className="swipe-actions">
        <SignupCta className="btn btn-primary btn-lg w-100" />
      </div>
    </div>
  );
}

function DeckPlaceholder() {
  return (
    <div className="swipe-deck-wrap" aria-hidden="true">
      <p className="swipe-hint">&nbsp;</p>
      <div className="swipe-box">
        <div className="swipe-card swipe-card-placeholder" />
      </div>
      <div className="swipe-actions" />
    </div>
  );
}

const HeartIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 21.4 10.6 20C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.5z"
    />
  </svg>
);

const PassIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
