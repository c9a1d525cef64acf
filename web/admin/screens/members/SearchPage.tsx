import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MEMBER_SEARCH_FIELDS,
  type MemberSearchField,
  type MemberSummary,
} from '../../../../common/api/admin/members';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { SiteFilter } from '../../components/SiteFilter';
import { useMemberSearch } from './api';
import { useMembersFormat } from './format';
import { MemberBadges, MemberThumb } from './parts';

const isField = (v: string | null): v is MemberSearchField =>
  (MEMBER_SEARCH_FIELDS as readonly string[]).includes(v ?? '');

/**
 * Find a member: one box (an e-mail address or its beginning, a name's beginning, an id), what to
 * look for and on which site. The search lives in the address, so the way back from a member
 * returns to the same results.
 */
export function SearchPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const by = isField(params.get('by')) ? (params.get('by') as MemberSearchField) : 'auto';
  const site = Number(params.get('site')) || null;
  const [draft, setDraft] = useState({ q, by, site });
  // Back and forward between searches show the search of the address.
  useEffect(() => setDraft({ q, by, site }), [q, by, site]);
  const search = useMemberSearch(q, by, site);
  const rows = search.data?.pages.flatMap((p) => p.members) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.by !== 'auto') next.set('by', draft.by);
    if (draft.site) next.set('site', String(draft.site));
    setParams(next);
  };

  return (
    <>
      <PageHeader title={t('members.title')} subtitle={t('members.search.intro')} />
      <form className="admin-panel admin-members-search" onSubmit={submit}>
        <div className="admin-members-search__query">
          <label className="form-label" htmlFor={`${id}-q`}>
            {t('members.search.label')}
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            className="form-control"
            value={draft.q}
            maxLength={254}
            placeholder={t('members.search.placeholder')}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
          <div className="form-text" id={`${id}-hint`}>
            {t('members.search.hint')}
          </div>
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-by`}>
            {t('members.search.field')}
          </label>
          <select
            id={`${id}-by`}
            name="by"
            className="form-select"
            value={draft.by}
            onChange={(e) => setDraft({ ...draft, by: e.target.value as MemberSearchField })}
          >
            {MEMBER_SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`members.search.fields.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <SiteFilter
          id={`${id}-site`}
          small={false}
          value={draft.site ?? null}
          onChange={(next) => setDraft({ ...draft, site: next })}
        />
        <div className="admin-members-search__submit">
          <button type="submit" className="btn btn-primary">
            {t('common.search')}
          </button>
        </div>
      </form>

      {!q ? (
        <EmptyState title={t('members.search.start.title')}>{t('members.search.start.text')}</EmptyState>
      ) : search.isPending ? (
        <Loading />
      ) : search.isError ? (
        <ErrorAlert error={search.error} onRetry={() => void search.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('members.search.none', { q })} />
      ) : (
        <Results
          rows={rows}
          more={search.hasNextPage}
          loadingMore={search.isFetchingNextPage}
          onMore={() => void search.fetchNextPage()}
        />
      )}
    </>
  );
}

function Results(props: { rows: MemberSummary[]; more: boolean; loadingMore: boolean; onMore: () => void }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  return (
    <>
      <div className="admin-table-wrap">
        <table className="table table-hover admin-members-results">
          <caption className="visually-hidden">{t('members.search.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members.columns.member')}</th>
              <th scope="col">
                {t('common.email')} / {t('common.site')}
              </th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col" className="text-end">
                {t('members.columns.credits')}
              </th>
              <th scope="col">{t('members.columns.signup')}</th>
              <th scope="col">{t('members.columns.lastActive')}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((m) => (
              <tr key={m.id}>
                <td>
                  <div className="admin-members-who">
                    <MemberThumb url={m.thumb_url} />
                    <div>
                      <Link to={`/admin/members/${m.id}`} className="admin-members-who__name">
                        {m.name ?? t('members.noProfile')}
                      </Link>
                      <div className="admin-members-who__id">{t('members.idLabel', { id: m.id })}</div>
                    </div>
                  </div>
                </td>
                <td>
                  <div className="admin-members-email">{m.email}</div>
                  <div className="admin-members-who__id">{m.site}</div>
                </td>
                <td>
                  <MemberBadges status={m.status} paid={m.paid} fictional={m.fictional} deleted={m.deleted} />
                </td>
                <td className="text-end admin-members-num">{f.number(m.credits)}</td>
                <td className="text-nowrap">{f.date(m.signup_date)}</td>
                <td className="text-nowrap">{f.dateTime(m.last_active)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {props.more && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.onMore}
          disabled={props.loadingMore}
        >
          {props.loadingMore ? t('common.loading') : t('common.loadMore')}
        </button>
      )}
    </>
  );
}
