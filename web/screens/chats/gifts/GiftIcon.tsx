import { type ReactNode, useId } from 'react';

/**
 * The gift catalogue's pictures (slugs of migration 0004), drawn as small SVGs: no image files to
 * load, crisp at any size. Decorative: the gift's name is always written beside it.
 */
type Draw = (id: (name: string) => string) => ReactNode;

const rose: Draw = (id) => (
  <>
    <defs>
      <radialGradient id={id('bloom')} cx="45%" cy="35%" r="70%">
        <stop offset="0" stopColor="#ff5a7a" />
        <stop offset="1" stopColor="#b3123a" />
      </radialGradient>
      <linearGradient id={id('leaf')} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#5cb85c" />
        <stop offset="1" stopColor="#23692d" />
      </linearGradient>
    </defs>
    <path d="M24 25c.6 6 .2 13-1 20" stroke="#2f7a35" strokeWidth="2.4" strokeLinecap="round" fill="none" />
    <path d="M23.6 35c-4-4.5-9.5-4.6-12.6-2.6 3.2 4.2 8.2 5.5 12.6 2.6Z" fill={`url(#${id('leaf')})`} />
    <path d="M24.2 39c3-3.8 7.6-4.4 10.6-2.9-2.6 3.6-6.6 4.8-10.6 2.9Z" fill={`url(#${id('leaf')})`} />
    <path
      d="M24 27c-7.6 0-11-5.2-11-10.2 0-4.2 2.2-8 5.2-9.6 1.6 1.6 3.6 2 5.8 1.2 2.2.8 4.2.4 5.8-1.2 3 1.6 5.2 5.4 5.2 9.6C35 21.8 31.6 27 24 27Z"
      fill={`url(#${id('bloom')})`}
    />
    <path
      d="M18.5 12.5c1.8 2.6 8.2 3 11 .4M16.4 17.2c2.8 4 12.4 4.2 15.2 0M24 9.8c-2.8 1.6-3.4 5.4-.2 6.6 3 1.1 4.6-2.6 2.2-4"
      stroke="#8e0b2c"
      strokeWidth="1.4"
      strokeLinecap="round"
      fill="none"
      opacity=".7"
    />
  </>
);

const heart: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('h')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#ff6b8f" />
        <stop offset="1" stopColor="#d0103f" />
      </linearGradient>
    </defs>
    <path
      d="M24 42S5 30.5 5 17.6C5 11.3 9.6 7 15 7c3.9 0 7 2.2 9 5.4C26 9.2 29.1 7 33 7c5.4 0 10 4.3 10 10.6C43 30.5 24 42 24 42Z"
      fill={`url(#${id('h')})`}
    />
    <path
      d="M12.5 13.2c1.8-1.8 4.6-2 6.6-.6"
      stroke="#fff"
      strokeWidth="2.6"
      strokeLinecap="round"
      fill="none"
      opacity=".65"
    />
  </>
);

const kiss: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('l')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#ff4d6d" />
        <stop offset="1" stopColor="#b5103a" />
      </linearGradient>
    </defs>
    <path
      d="M4 23.5c4-6.4 9-10.4 13.4-10.4 2.6 0 4.6 1.3 6.6 3.1 2-1.8 4-3.1 6.6-3.1C35 13.1 40 17.1 44 23.5c-5.6 7.6-12.6 12-20 12s-14.4-4.4-20-12Z"
      fill={`url(#${id('l')})`}
    />
    <path
      d="M4 23.5c7 1.8 13.6 2.4 20 2.4s13-.6 20-2.4"
      stroke="#7d0a26"
      strokeWidth="1.6"
      strokeLinecap="round"
      fill="none"
    />
    <path
      d="M15.5 30.5c2.8 1.3 5.5 1.7 8.5 1.7"
      stroke="#fff"
      strokeWidth="2.2"
      strokeLinecap="round"
      fill="none"
      opacity=".55"
    />
  </>
);

const chocolates: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('box')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#e2466e" />
        <stop offset="1" stopColor="#a3163f" />
      </linearGradient>
      <radialGradient id={id('c')} cx="35%" cy="30%" r="75%">
        <stop offset="0" stopColor="#9a5b3a" />
        <stop offset="1" stopColor="#4a2313" />
      </radialGradient>
    </defs>
    <path
      d="M24 43S4 31.5 4 17.8C4 11 8.9 6.5 14.6 6.5c4 0 7.3 2.2 9.4 5.5 2.1-3.3 5.4-5.5 9.4-5.5C39.1 6.5 44 11 44 17.8 44 31.5 24 43 24 43Z"
      fill={`url(#${id('box')})`}
    />
    <path
      d="M24 37.5S9.5 28.9 9.5 18.6c0-4 2.8-6.7 6-6.7 3.3 0 6 2.4 8.5 5.9 2.5-3.5 5.2-5.9 8.5-5.9 3.2 0 6 2.7 6 6.7 0 10.3-14.5 18.9-14.5 18.9Z"
      fill="#f7e3c8"
    />
    <circle cx="17" cy="19.5" r="4" fill={`url(#${id('c')})`} />
    <circle cx="31" cy="19.5" r="4" fill={`url(#${id('c')})`} />
    <circle cx="24" cy="24.5" r="4" fill={`url(#${id('c')})`} />
    <circle cx="24" cy="31.5" r="3.4" fill={`url(#${id('c')})`} />
    <path
      d="M15.6 18c.8-.9 2-1.2 3-.8M29.6 18c.8-.9 2-1.2 3-.8M22.6 23c.8-.9 2-1.2 3-.8"
      stroke="#e7b98f"
      strokeWidth="1.2"
      strokeLinecap="round"
      fill="none"
    />
  </>
);

const teddy: Draw = (id) => (
  <>
    <defs>
      <radialGradient id={id('fur')} cx="45%" cy="35%" r="70%">
        <stop offset="0" stopColor="#c98a55" />
        <stop offset="1" stopColor="#8a5328" />
      </radialGradient>
    </defs>
    <circle cx="12.5" cy="11.5" r="5.5" fill={`url(#${id('fur')})`} />
    <circle cx="35.5" cy="11.5" r="5.5" fill={`url(#${id('fur')})`} />
    <circle cx="12.5" cy="11.5" r="2.6" fill="#e9c39b" />
    <circle cx="35.5" cy="11.5" r="2.6" fill="#e9c39b" />
    <ellipse cx="24" cy="37" rx="11" ry="9" fill={`url(#${id('fur')})`} />
    <ellipse cx="24" cy="38.5" rx="6" ry="5" fill="#e9c39b" />
    <circle cx="24" cy="20" r="12.5" fill={`url(#${id('fur')})`} />
    <ellipse cx="24" cy="24.5" rx="6" ry="4.6" fill="#efd2b0" />
    <circle cx="19.2" cy="17.8" r="1.7" fill="#2b1a10" />
    <circle cx="28.8" cy="17.8" r="1.7" fill="#2b1a10" />
    <ellipse cx="24" cy="22.6" rx="2.3" ry="1.6" fill="#2b1a10" />
    <path
      d="M21.8 25.8c1.3 1.1 3.1 1.1 4.4 0"
      stroke="#2b1a10"
      strokeWidth="1.2"
      strokeLinecap="round"
      fill="none"
    />
    <path d="M24 33.2c-1.6-2.2-5-1-3.3 1.6L24 38l3.3-3.2c1.7-2.6-1.7-3.8-3.3-1.6Z" fill="#e0245e" />
  </>
);

const cocktail: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('d')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#ff7aa8" />
        <stop offset="1" stopColor="#d61f69" />
      </linearGradient>
    </defs>
    <path d="M30 6l-5.6 14" stroke="#2f9e8f" strokeWidth="2" strokeLinecap="round" />
    <path d="M7 12h34L24 28Z" fill="#eef6fb" stroke="#9fb8c8" strokeWidth="1.4" strokeLinejoin="round" />
    <path d="M11.6 16h24.8L24 27.6Z" fill={`url(#${id('d')})`} />
    <path d="M24 28v12" stroke="#9fb8c8" strokeWidth="2" />
    <path d="M16 42h16" stroke="#9fb8c8" strokeWidth="2.6" strokeLinecap="round" />
    <circle cx="34.5" cy="11" r="4" fill="#e6263f" />
    <path d="M34.5 7c.6-2 2-3 3.6-3.2" stroke="#2f7a35" strokeWidth="1.4" strokeLinecap="round" fill="none" />
    <circle cx="33.3" cy="9.8" r="1" fill="#fff" opacity=".7" />
  </>
);

const champagne: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('glass')} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor="#1f5a3a" />
        <stop offset=".5" stopColor="#2f8457" />
        <stop offset="1" stopColor="#17452c" />
      </linearGradient>
      <linearGradient id={id('gold')} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ffe08a" />
        <stop offset="1" stopColor="#c8961f" />
      </linearGradient>
    </defs>
    <path
      d="M20.5 12h7v6.5c0 2.4 4.5 4.2 4.5 9.5v13.2c0 1.5-1.2 2.8-2.8 2.8H18.8c-1.6 0-2.8-1.3-2.8-2.8V28c0-5.3 4.5-7.1 4.5-9.5Z"
      fill={`url(#${id('glass')})`}
    />
    <path d="M20 8.5h8V17h-8Z" fill={`url(#${id('gold')})`} />
    <rect x="17.8" y="28" width="12.4" height="9" rx="1.4" fill="#f6ecd3" />
    <path d="M21 32.5h6" stroke="#c8961f" strokeWidth="1.6" strokeLinecap="round" />
    <path
      d="M19 24c1-1.3 2.2-2 3.6-2.4"
      stroke="#fff"
      strokeWidth="1.4"
      strokeLinecap="round"
      fill="none"
      opacity=".5"
    />
    <circle cx="30" cy="6" r="1.6" fill={`url(#${id('gold')})`} />
    <circle cx="35" cy="9" r="1.2" fill={`url(#${id('gold')})`} />
    <circle cx="16" cy="5" r="1.2" fill={`url(#${id('gold')})`} />
    <circle cx="33.5" cy="3.5" r=".9" fill={`url(#${id('gold')})`} />
  </>
);

const diamond: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('g')} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#bdf0ff" />
        <stop offset="1" stopColor="#2f8fd8" />
      </linearGradient>
    </defs>
    <path d="M14 9h20l8 10-18 22L6 19Z" fill={`url(#${id('g')})`} />
    <path
      d="M6 19h36M14 9l4 10 6-10 6 10 4-10M18 19l6 22 6-22"
      stroke="#1d6fae"
      strokeWidth="1.2"
      strokeLinejoin="round"
      fill="none"
      opacity=".75"
    />
    <path d="M14 9h10l-6 10H6Z" fill="#fff" opacity=".35" />
    <path
      d="M37 6.5l1 2.2 2.2 1-2.2 1-1 2.2-1-2.2-2.2-1 2.2-1Z"
      fill="#fff"
      stroke="#7cc7ee"
      strokeWidth=".6"
    />
  </>
);

const DRAWINGS: Record<string, Draw> = { rose, heart, kiss, chocolates, teddy, cocktail, champagne, diamond };

/** A wrapped present: a gift the catalogue added later than these drawings still has a picture. */
const present: Draw = (id) => (
  <>
    <defs>
      <linearGradient id={id('p')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#f0568a" />
        <stop offset="1" stopColor="#b8184f" />
      </linearGradient>
    </defs>
    <rect x="8" y="20" width="32" height="22" rx="2.5" fill={`url(#${id('p')})`} />
    <rect x="6" y="14" width="36" height="8" rx="2" fill="#e23a73" />
    <path d="M21 14h6v28h-6Z" fill="#ffd166" />
    <path
      d="M24 14c-3-6-10-7-10-3s6 3 10 3c4 0 10 1 10-3s-7-3-10 3Z"
      fill="none"
      stroke="#ffd166"
      strokeWidth="2.4"
    />
  </>
);

export function GiftIcon({ slug, size = 40 }: { slug: string; size?: number }) {
  // useId's marks are not valid in url(#…) references.
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const draw = DRAWINGS[slug] ?? present;
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="gift-icon"
    >
      {draw((name) => `${base}${name}`)}
    </svg>
  );
}
