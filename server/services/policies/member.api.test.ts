import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members, profiles } from '../../db/schema';
import { createMember, type TestApp, testApp } from '../../test/app';
import { compile, holds, named, type Rule } from './expr';
import { MEMBER_FACTS, type MemberFact, type MemberFacts, memberParts, memberPolicy } from './member';

/**
 * The member policy read two ways must say the same: its SQL (what the queries filter on) and its
 * TypeScript (what the matrix test expects) for every combination of facts, and the search's copy
 * `profiles.searchable` (kept by triggers) must be the policy's `shown` for every state of a member.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const factsOfNumber = (n: number) =>
  Object.fromEntries(MEMBER_FACTS.map((f, i) => [f, (n & (1 << i)) !== 0])) as MemberFacts;

/** Every combination of facts as a row, each fact a boolean column of its own name. */
const everyCombination = sql.raw(
  `(select n, ${MEMBER_FACTS.map((f, i) => `(n & ${1 << i}) <> 0 as "${f}"`).join(', ')}
    from generate_series(0, ${2 ** MEMBER_FACTS.length - 1}) as n) as f`,
);
const column = (fact: MemberFact) => ({
  yes: sql`f.${sql.identifier(fact)}`,
  no: sql`not f.${sql.identifier(fact)}`,
});

async function sqlAnswers(rule: Rule<MemberFact>, known: Partial<MemberFacts> = {}) {
  const condition = compile(rule, column, { known });
  const { rows } = await t.db.execute(sql`select n, ${condition} as ok from ${everyCombination} order by n`);
  return rows.map((r) => Boolean(r.ok));
}

describe('the member policy in SQL and in TypeScript', () => {
  test.each(Object.keys(memberPolicy) as (keyof typeof memberPolicy)[])(
    '%s: the same answer for every combination of facts',
    async (ability) => {
      const rule = memberPolicy[ability];
      const answers = await sqlAnswers(rule);
      const expected = answers.map((_, n) => holds(rule, factsOfNumber(n)));
      expect(answers).toEqual(expected);
    },
  );

  test('facts a query already knows are folded into the same answers', async () => {
    for (const known of [{ chat: true }, { chat: false }, { self: false, onSite: true }] as const) {
      const rule = memberPolicy.start;
      const answers = await sqlAnswers(rule, known);
      for (let n = 0; n < answers.length; n++) {
        const facts = { ...factsOfNumber(n), ...known };
        expect(answers[n], `${JSON.stringify(facts)}`).toBe(holds(rule, facts));
      }
    }
  });

  test('a named part can be answered by the query itself', async () => {
    const rule = named<MemberFact>('part', 'active');
    const condition = compile(rule, column, { replace: { part: sql`f.n = 3` } });
    const { rows } = await t.db.execute(sql`select n from ${everyCombination} where ${condition}`);
    expect(rows.map((r) => Number(r.n))).toEqual([3]);
  });
});

describe('profiles.searchable, the search copy kept by triggers, is the policy’s `shown`', () => {
  const states = [
    { status: 'active' },
    { status: 'not_confirmed' },
    { status: 'suspended' },
    { status: 'deleted', deletedAt: new Date() },
    { deletedAt: new Date() },
    { invisible: true },
    { hiddenByReports: true },
    { invisible: true, hiddenByReports: true },
  ] as const;

  test.each(['active', 'disabled'] as const)(
    'for every state of the account, with a profile %s, set and changed',
    async (profileStatus) => {
      const rule = memberParts.shown;
      for (const state of states) {
        const m = await createMember(t.db, { profileStatus });
        // Changed after the insert too: the members trigger must follow.
        await t.db
          .update(members)
          .set(state as Partial<typeof members.$inferInsert>)
          .where(eq(members.id, m.id));
        const [row] = await t.db
          .select({
            searchable: profiles.searchable,
            status: members.status,
            deletedAt: members.deletedAt,
            invisible: members.invisible,
            hidden: members.hiddenByReports,
            profileStatus: profiles.status,
          })
          .from(profiles)
          .innerJoin(members, eq(members.id, profiles.memberId))
          .where(eq(profiles.memberId, m.id));
        if (!row) throw new Error('no member');
        const facts: MemberFacts = {
          ...factsOfNumber(0),
          active: row.status === 'active',
          unconfirmed: row.status === 'not_confirmed',
          deleted: row.deletedAt !== null,
          profileActive: row.profileStatus === 'active',
          invisible: row.invisible,
          hiddenByReports: row.hidden,
        };
        expect(row.searchable, JSON.stringify({ state, profileStatus })).toBe(holds(rule, facts));
        // And back: the copy follows the account as it returns.
        await t.db
          .update(members)
          .set({ status: 'active', deletedAt: null, invisible: false, hiddenByReports: false })
          .where(eq(members.id, m.id));
        const [back] = await t.db
          .select({ searchable: profiles.searchable })
          .from(profiles)
          .where(eq(profiles.memberId, m.id));
        expect(back?.searchable).toBe(profileStatus === 'active');
      }
    },
  );
});
