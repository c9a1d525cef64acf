import './landers.scss';
import { type ComponentType, lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import type { Niche } from '../../../common/constants';
import { landerNiche } from '../../../common/rules/landers';
import { useSettings } from '../../api/site';
import { lazyImport } from '../../state/chunk-reload';
import { NotFound } from '../error/lazy';
import { type LanderName, LanderProvider, nicheName } from './kit';

const variant = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyImport(load));

// Each lander is a chunk of its own: paid traffic downloads the one page it opens.
const VARIANTS: Record<LanderName, ComponentType> = {
  tinderswipe: variant(() => import('./TinderSwipeLander')),
  alonetonight: variant(() => import('./AloneTonightLander')),
  collagelanding: variant(() => import('./CollageLander')),
  gallery: variant(() => import('./GalleryLander')),
  iconslanding: variant(() => import('./IconsLander')),
  maplanding: variant(() => import('./MapLander')),
  socialnetwork: variant(() => import('./SocialNetworkLander')),
  transitionsvideolanding: variant(() => import('./TransitionsVideoLander')),
  video: variant(() => import('./VideoLander')),
};

/**
 * /landers/tinderswipe and /landers/{name}/{slug?}: the lander by its name, in the niche
 * of its slug's prefix. An unknown lander, a slug on tinderswipe or a slug of no niche: the 404 page.
 */
export default function LanderScreen() {
  const params = useParams();
  const settings = useSettings();
  const name = params.lander ?? '';
  // The server answers the same addresses 404 (server/services/spa-status.ts).
  const niche = landerNiche(name, params.slug, settings.niche as Niche);
  if (niche === null || !Object.hasOwn(VARIANTS, name)) return <NotFound />;
  const Variant = VARIANTS[name as LanderName];
  return (
    <LanderProvider
      value={{ lander: name as LanderName, niche, nicheName: nicheName(niche), slug: params.slug }}
    >
      {/* Holds the page's height while the lander's chunk loads, so the footer does not jump. */}
      <Suspense fallback={<div className="lander-loading" />}>
        <Variant key={name} />
      </Suspense>
    </LanderProvider>
  );
}
