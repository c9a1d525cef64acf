import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A range of days as the console's API takes it: ISO dates (YYYY-MM-DD), both ends included. */
export type DayRange = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Two date inputs, "from" and "to", in one labelled group. While a date is being typed, or the end
 * lies before the start, the group says so and `onChange` waits: a range handed on is always
 * complete and in order.
 */
export function DateRange(props: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The group's name, e.g. "Period"; the default is the generic "Date range". */
  legend?: string;
  min?: string;
  max?: string;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { from, to } = props.value;
  const [draft, setDraft] = useState({ from, to });
  // A range set from outside (a preset, a reset) replaces what was being typed.
  useEffect(() => setDraft({ from, to }), [from, to]);
  const complete = DAY.test(draft.from) && DAY.test(draft.to);
  const crossed = complete && draft.from > draft.to;
  const change = (next: DayRange) => {
    setDraft(next);
    if (DAY.test(next.from) && DAY.test(next.to) && next.from <= next.to) props.onChange(next);
  };
  return (
    <fieldset className={`admin-date-range ${props.className ?? ''}`}>
      <legend className="form-label">{props.legend ?? t('common.dateRange')}</legend>
      <div className="admin-date-range__inputs">
        <span className="admin-date-range__end">
          <label htmlFor={`${id}-from`}>{t('common.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            className={`form-control form-control-sm ${crossed ? 'is-invalid' : ''}`}
            value={draft.from}
            min={props.min}
            max={props.max}
            aria-invalid={crossed}
            aria-describedby={crossed ? `${id}-error` : undefined}
            onChange={(e) => change({ ...draft, from: e.target.value })}
          />
        </span>
        <span className="admin-date-range__end">
          <label htmlFor={`${id}-to`}>{t('common.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            className={`form-control form-control-sm ${crossed ? 'is-invalid' : ''}`}
            value={draft.to}
            min={props.min}
            max={props.max}
            aria-invalid={crossed}
            aria-describedby={crossed ? `${id}-error` : undefined}
            onChange={(e) => change({ ...draft, to: e.target.value })}
          />
        </span>
      </div>
      {crossed && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {t('common.dateRangeInvalid')}
        </div>
      )}
    </fieldset>
  );
}
