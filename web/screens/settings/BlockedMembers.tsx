import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedMember } from '../../../common/api/settings-account';
import { useBlocks, useUnblock } from '../../api/settings-account';
import { formatDate } from '../../format';

/** The members this member blocked, with a way to lift each block. */
export function BlockedMembers() {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const unblock = useUnblock();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [lifted, setLifted] = useState<string | null>(null);
  const rows = blocks.data?.pages.flatMap((p) => p.blocks) ?? [];

  const lift = (b: BlockedMember) =>
    unblock.mutate(b.profile.id, {
      onSuccess: () => {
        setLifted(b.profile.name);
        // The row and its button are gone: the list's heading takes the focus.
        heading.current?.focus();
      },
    });

  return (
    <section className="settings-card" aria-labelledby={headingId} aria-busy={blocks.isPending}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('settings.blocked.title')}
      </h2>
      <p className="settings-intro">{t('settings.blocked.intro')}</p>
      {blocks.isError && (
        <p className="is-error" role="alert">
          {t('settings.loadFailed')}
        </p>
      )}
      {blocks.isSuccess && rows.length === 0 && (
        <p className="settings-empty">{t('settings.blocked.empty')}</p>
      )}
      {rows.length > 0 && (
        <ul className="blocked-list">
          {rows.map((b) => (
            <BlockedRow key={b.profile.id} block={b} busy={unblock.isPending} onUnblock={() => lift(b)} />
          ))}
        </ul>
      )}
      {blocks.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={blocks.isFetchingNextPage}
          onClick={() => void blocks.fetchNextPage()}
        >
          {t('settings.blocked.more')}
        </button>
      )}
      <p className={`settings-status ${unblock.isError ? 'is-error' : 'is-ok'}`} role="status">
        {unblock.isError
          ? unblock.error.message
          : lifted
            ? t('settings.blocked.unblocked', { name: lifted })
            : ''}
      </p>
    </section>
  );
}

function BlockedRow({
  block,
  busy,
  onUnblock,
}: {
  block: BlockedMember;
  busy: boolean;
  onUnblock: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { profile } = block;
  return (
    <li className="blocked-row">
      {profile.main_image ? (
        <img
          className="blocked-photo"
          src={profile.main_image.thumb_filename}
          alt=""
          width={48}
          height={48}
        />
      ) : (
        <span className="blocked-photo blocked-initial" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </span>
      )}
      <span className="blocked-text">
        <span className="blocked-name">{profile.name}</span>
        <span className="setting-hint">
          {t('settings.blocked.since', {
            date: formatDate(block.blocked_at, i18n.language, { dateStyle: 'medium' }),
          })}
        </span>
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={t('settings.blocked.unblockName', { name: profile.name })}
        disabled={busy}
        onClick={onUnblock}
      >
        {t('settings.blocked.unblock')}
      </button>
    </li>
  );
}
