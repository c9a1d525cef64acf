import { type SQL, sql } from 'drizzle-orm';

/**
 * A rule as data: facts joined by all / any / not, with named parts. The same value is evaluated in
 * TypeScript (`holds`, on facts already known) and compiled to SQL (`compile`, on the rows of a
 * query), so the two cannot drift apart: a rule is written once and read both ways.
 */
export type Rule<F extends string> =
  | F
  | { readonly all: readonly Rule<F>[] }
  | { readonly any: readonly Rule<F>[] }
  | { readonly not: Rule<F> }
  | { readonly name: string; readonly rule: Rule<F> };

export const all = <F extends string>(...rules: Rule<F>[]): Rule<F> => ({ all: rules });
export const any = <F extends string>(...rules: Rule<F>[]): Rule<F> => ({ any: rules });
export const not = <F extends string>(rule: Rule<F>): Rule<F> => ({ not: rule });
/** A part with a name: a query may put something of its own in its place (`compile`'s `replace`). */
export const named = <F extends string>(name: string, rule: Rule<F>): Rule<F> => ({ name, rule });

/** Whether the rule holds for these facts. */
export function holds<F extends string>(rule: Rule<F>, facts: Readonly<Record<F, boolean>>): boolean {
  if (typeof rule === 'string') return facts[rule];
  if ('all' in rule) return rule.all.every((r) => holds(r, facts));
  if ('any' in rule) return rule.any.some((r) => holds(r, facts));
  if ('not' in rule) return !holds(rule.not, facts);
  return holds(rule.rule, facts);
}

/**
 * A fact in SQL: `yes` true exactly when the fact holds and `no` exactly when it does not, each
 * never NULL where the rule needs it, so a negation never meets SQL's unknown. A fact already known
 * in a query (a chat's list knows there is a chat) is a constant instead.
 */
export type SqlFact = { yes: SQL | boolean; no: SQL | boolean };

export type CompileOptions<F extends string> = {
  /** Facts the query already knows: folded away. */
  known?: Partial<Record<F, boolean>>;
  /** Named parts answered by the query itself (a copy kept by triggers), in place of the rule. */
  replace?: Record<string, SQL>;
};

type Out = SQL | boolean;

/** The rule as a SQL condition; constants are folded, so a fact known to hold costs nothing. */
export function compile<F extends string>(
  rule: Rule<F>,
  facts: (fact: F) => SqlFact,
  options: CompileOptions<F> = {},
): SQL {
  const out = build(rule, false, facts, options);
  return typeof out === 'boolean' ? (out ? sql`true` : sql`false`) : out;
}

function build<F extends string>(
  rule: Rule<F>,
  negated: boolean,
  facts: (fact: F) => SqlFact,
  options: CompileOptions<F>,
): Out {
  if (typeof rule === 'string') {
    const known = options.known?.[rule];
    if (known !== undefined) return known !== negated;
    const fact = facts(rule);
    return negated ? fact.no : fact.yes;
  }
  if ('not' in rule) return build(rule.not, !negated, facts, options);
  if ('name' in rule) {
    const replaced = options.replace?.[rule.name];
    if (replaced === undefined) return build(rule.rule, negated, facts, options);
    return negated ? sql`not (${replaced})` : replaced;
  }
  // De Morgan: a negated conjunction is a disjunction of negations, down to the facts.
  const conjunction = 'all' in rule !== negated;
  const parts = ('all' in rule ? rule.all : rule.any).map((r) => build(r, negated, facts, options));
  const absorbing = !conjunction;
  if (parts.some((p) => p === absorbing)) return absorbing;
  const open = parts.filter((p): p is SQL => typeof p !== 'boolean');
  if (open.length === 0) return conjunction;
  if (open.length === 1) return open[0] as SQL;
  return sql`(${sql.join(open, conjunction ? sql` and ` : sql` or `)})`;
}
