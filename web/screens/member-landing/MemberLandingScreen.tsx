import './member-landing.scss';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import type { Niche } from '../../../common/constants';
import { type LandingVariant, memberLandingOf } from '../../../common/rules/landers';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { usePageTitle } from '../../components/TitleSync';
import { lazyImport } from '../../state/chunk-reload';
import { NotFound } from '../error/lazy';
import { nicheName } from '../landers/kit';
import { useLandingMember } from './member-query';
import { afterSignupPath, HiddenMember, type LandingProps, type ShownProps } from './parts';

const variant = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(lazyImport(load));

// One chunk per variant: the signup landing's form (and its rules) travels only with that one.
const SignupLanding = variant<LandingProps>(() => import('./SignupLanding'));
const SHOWN: Record<Exclude<LandingVariant, 'signup'>, ComponentType<ShownProps>> = {
  landing: variant(() => import('./SpotlightLanding')),
  landing2: variant(() => import('./ProfileLanding')),
  landing3: variant(() => import('./ChatLanding')),
};

/**
 * /members/{id}/landing, /signup, /landing2/{slug?} and /landing3/{slug?}: a landing built
 * around one member that leads to signup and, after it, straight to that member's chat (or, from
 * landing2, profile). A member already logged in goes there at once. A bad id, an unknown or
 * invisible member, or a slug of no niche: the 404 page. Where the site shows profiles to members
 * only, the landing shows the niche's picture instead of the member, and still leads to them.
 */
export default function MemberLandingScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const variant = useLocation().pathname.split('/')[3];
  const settings = useSettings();
  const user = useUser();
  // Only landing2 and landing3 take a slug; it picks the niche by its prefix, like the landers. The
  // server answers the addresses of no landing 404 as well (server/services/spa-status.ts).
  const landing = memberLandingOf({ ...params, variant }, settings.niche as Niche);
  const id = landing?.id ?? 0;
  // Asked at once, beside the login state: a member who turns out to be logged in is sent on anyway.
  const member = useLandingMember(id, landing !== null && !user.data);
  usePageTitle(member.state === 'shown' ? t('memberLanding.titleWith', { name: member.profile.name }) : null);

  if (!landing) return <NotFound />;
  const { kind, niche } = landing;
  const next = afterSignupPath(id, kind);
  if (user.data) return <Navigate to={next} replace />;
  if (member.state === 'missing') return <NotFound />;
  if (member.state === 'failed') throw member.error;
  if (member.state === 'loading' || user.isPending) return <div className="ml-loading" aria-busy="true" />;

  const profile = member.state === 'shown' ? member.profile : null;
  const common = { niche: nicheName(niche), next };
  let page: ReactNode;
  // The signup landing keeps its form where the member is hidden; the others show the niche.
  if (kind === 'signup') page = <SignupLanding profile={profile} {...common} />;
  else if (!profile) page = <HiddenMember {...common} />;
  else {
    const Variant = SHOWN[kind];
    page = <Variant profile={profile} {...common} />;
  }
  return <Suspense fallback={<div className="ml-loading" aria-busy="true" />}>{page}</Suspense>;
}
