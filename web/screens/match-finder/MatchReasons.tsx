import { useTranslation } from 'react-i18next';
import type { MatchReason } from '../../../common/api/match-finder';

/** Why a member is suggested, in the member's language ("3 interests in common", "Also in Utrecht"). */
export function MatchReasons({ reasons }: { reasons: MatchReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul className="match-reasons">
      {reasons.map((r) => (
        <li key={r.kind}>
          {r.kind === 'interests'
            ? t('matchFinder.reasons.interests', { count: r.count })
            : r.kind === 'region'
              ? t('matchFinder.reasons.region', { name: r.name })
              : t('matchFinder.reasons.age')}
        </li>
      ))}
    </ul>
  );
}
