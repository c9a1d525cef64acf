import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { StaffRole } from '../../common/api/admin/staff';
import { lazyImport } from '../state/chunk-reload';

/**
 * One entry of the console's left navigation: `path` below /admin/ (e.g. 'moderation'), the
 * `admin` catalog key of its title (e.g. 'moderation.title'), the lowest role that sees it, and its
 * screen as a lazy component so each section is a chunk of its own. A screen may have sub-routes:
 * it is mounted at `/admin/<path>/*`.
 */
export type AdminSection = {
  path: string;
  titleKey: string;
  role: StaffRole;
  Screen: LazyExoticComponent<ComponentType>;
};

/**
 * The sections in navigation order. Each screen family adds its own entry (one line, with a lazy
 * import of its screen under web/admin/screens/<part>/), e.g.
 *   { path: 'moderation', titleKey: 'moderation.title', role: 'moderator',
 *     Screen: lazy(lazyImport(() => import('./screens/moderation/ModerationScreen'))) },
 * (`lazy` from react, `lazyImport` from ../state/chunk-reload).
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'moderation',
    titleKey: 'moderation.title',
    role: 'support',
    Screen: lazy(lazyImport(() => import('./screens/moderation/ModerationScreen'))),
  },
  {
    path: 'members',
    titleKey: 'members.title',
    role: 'support',
    Screen: lazy(lazyImport(() => import('./screens/members/MembersScreen'))),
  },
  {
    path: 'sites',
    titleKey: 'sites.title',
    role: 'support',
    Screen: lazy(lazyImport(() => import('./screens/sites/SitesScreen'))),
  },
  {
    path: 'complaints',
    titleKey: 'complaints.title',
    role: 'support',
    Screen: lazy(lazyImport(() => import('./screens/complaints/ComplaintsScreen'))),
  },
  {
    path: 'promos',
    titleKey: 'promos.title',
    role: 'admin',
    Screen: lazy(lazyImport(() => import('./screens/promos/PromosScreen'))),
  },
  {
    path: 'figures',
    titleKey: 'figures.title',
    role: 'support',
    Screen: lazy(lazyImport(() => import('./screens/figures/FiguresScreen'))),
  },
  {
    path: 'payments',
    titleKey: 'payments.title',
    role: 'admin',
    Screen: lazy(lazyImport(() => import('./screens/payments/PaymentsScreen'))),
  },
  {
    path: 'audit',
    titleKey: 'audit.title',
    role: 'moderator',
    Screen: lazy(lazyImport(() => import('./screens/audit/AuditScreen'))),
  },
];
