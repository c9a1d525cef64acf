import type { ComponentType } from 'react';
import type { ProfileCard } from '../../../common/api/profile';
import type { Niche } from '../../../common/constants';
import { nicheOfSlug } from '../../../common/rules/landers';
import { mockApi, renderAt, type SETTINGS } from '../transactions/test-support';
import { type LanderName, LanderProvider, nicheName } from './kit';

/**
 * A lander on its own address for a component test, as LanderScreen provides it (the niche of its
 * slug, else plain), with the showcase answering these members; the API calls are recorded.
 */
export async function renderLander(
  Lander: ComponentType,
  where: { lander: LanderName; slug?: string },
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  const calls = mockApi(() => ({ body: { allowed: opts.allowed ?? true, profiles } }));
  const niche = nicheOfSlug(where.slug, 1) ?? (1 as Niche);
  const path = where.slug ? `/landers/${where.lander}/${where.slug}` : `/landers/${where.lander}`;
  const { container } = await renderAt(
    path,
    {
      path,
      element: (
        <LanderProvider
          value={{ lander: where.lander, niche, nicheName: nicheName(niche), slug: where.slug }}
        >
          <Lander />
        </LanderProvider>
      ),
    },
    { user: null, settings: opts.settings },
  );
  return { calls, container };
}
