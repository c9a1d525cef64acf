import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SITE_ERROR_VARS } from '../../../../common/api/admin/sites';
import { intlLocale } from '../../../format';

/** What a field's message is made from: a react-hook-form error, or one of our own. */
export type FieldProblem = { message?: string; type?: string };

/**
 * A field's message in the console's words: the shared schema's messages are `admin` catalog keys
 * (sites.errors.*), the server's own (a host name taken) come as text, anything else is generic.
 */
export function useSiteFieldMessage() {
  const { t } = useTranslation('admin');
  return (error: FieldProblem | undefined): string => {
    const message = error?.message;
    if (!error) return '';
    if (message?.startsWith('sites.errors.')) return t(message, SITE_ERROR_VARS);
    if (error.type === 'server' && message) return message;
    return t('sites.errors.invalid');
  };
}

/**
 * What the console's fields share (spread into the shared Field): their layout, and their hint
 * kept beside a problem, since it says what a setting means and the problem does not.
 */
export const SETTING_FIELD = { className: 'sites-field', keepHint: true } as const;

/** The first error under a field of nested values (a record of prices, a list): its own or a child's. */
export function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof (error as FieldError).message === 'string') return error as FieldError;
  for (const value of Object.values(error as Record<string, unknown>)) {
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

/** A group of checkboxes or radios with a legend and one message for the group. */
export function ChoiceGroup(props: {
  legend: ReactNode;
  error?: FieldProblem;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
  columns?: boolean;
}) {
  const message = useSiteFieldMessage()(props.error);
  return (
    <fieldset
      className="sites-choices"
      aria-describedby={
        [props.hint ? `${props.id}-hint` : '', message ? `${props.id}-error` : '']
          .filter(Boolean)
          .join(' ') || undefined
      }
    >
      <legend className="form-label">{props.legend}</legend>
      <div className={props.columns ? 'sites-choices__grid' : 'sites-choices__row'}>{props.children}</div>
      {props.hint && (
        <div className="form-text" id={`${props.id}-hint`}>
          {props.hint}
        </div>
      )}
      {message && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {message}
        </div>
      )}
    </fieldset>
  );
}

/** A checkbox or a radio button with its label after it. */
export function Check({
  id,
  label,
  type = 'checkbox',
  className = 'form-check',
  ...input
}: { id: string; label: ReactNode; type?: 'checkbox' | 'radio'; className?: string } & Omit<
  ComponentProps<'input'>,
  'id' | 'type' | 'className'
>) {
  return (
    <div className={className}>
      <input {...input} className="form-check-input" type={type} id={id} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

/** A checkbox of a list value: ticked when the list holds `value`. */
export function ListCheckbox<T extends string>(props: {
  id: string;
  value: T;
  list: readonly T[];
  onChange: (list: T[]) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Check
      id={props.id}
      label={props.label}
      checked={props.list.includes(props.value)}
      disabled={props.disabled}
      onChange={(e) =>
        props.onChange(
          e.target.checked ? [...props.list, props.value] : props.list.filter((v) => v !== props.value),
        )
      }
    />
  );
}

/** Cents as the amount field shows them: 1995 → "19.95" (a dot, whatever the language: it is typed back). */
export const centsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined || Number.isNaN(cents) ? '' : (cents / 100).toFixed(2);

/**
 * Typed money → cents: "19.95", "19,95" and "19" are read; "" is null (no price); anything else
 * NaN, which the schema refuses with the price message.
 */
export function textCents(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '');
  if (clean === '') return null;
  if (!/^\d+([.,]\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean.replace(',', '.')) * 100);
}

/**
 * An amount in a currency, typed in units (19.95), handed on in cents. The text stays as typed
 * while the field has focus; a value set from outside (a reset) replaces it.
 */
export function MoneyInput(props: {
  id: string;
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  currency: string;
  placeholder?: string;
  /** A tooltip, e.g. what an empty field stands for. */
  title?: string;
  disabled?: boolean;
  ariaLabel?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const [text, setText] = useState(centsText(props.value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(centsText(props.value));
  }, [props.value, focused]);
  return (
    <div className="input-group input-group-sm sites-money">
      <span className="input-group-text" aria-hidden="true">
        {props.currency}
      </span>
      <input
        id={props.id}
        className={`form-control ${props['aria-invalid'] ? 'is-invalid' : ''}`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        placeholder={props.placeholder}
        title={props.title}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          const cents = textCents(text);
          if (cents !== null && !Number.isNaN(cents)) setText(centsText(cents));
        }}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(textCents(e.target.value));
        }}
      />
    </div>
  );
}

/** Country names in the console's language (Intl), by ISO code. */
export function useCountryName() {
  const { i18n } = useTranslation('admin');
  const names = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
}

/** Money in the console's language. */
export function useMoney() {
  const { i18n } = useTranslation('admin');
  return (cents: number, currency: string) =>
    new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency }).format(cents / 100);
}
