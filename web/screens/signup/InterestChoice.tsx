import { useTranslation } from 'react-i18next';
import type { Interest } from '../../../common/api/interests';

/** Interests as chips with their icons, native checkboxes underneath for keyboards and screen readers. */
export function InterestChoice(props: {
  interests: Interest[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const chosen = new Set(props.value);
  const toggle = (id: number) =>
    props.onChange(
      chosen.has(id) ? props.value.filter((v) => v !== id) : [...props.value, id].sort((a, b) => a - b),
    );
  return (
    <ul className="interest-choice" aria-busy={props.interests.length === 0}>
      {props.interests.map((interest) => (
        <li key={interest.id}>
          <input
            type="checkbox"
            className="btn-check"
            id={`signup-interest-${interest.id}`}
            checked={chosen.has(interest.id)}
            onChange={() => toggle(interest.id)}
          />
          <label className="interest-chip" htmlFor={`signup-interest-${interest.id}`}>
            <span aria-hidden="true">{interest.icon}</span> {interest.label}
          </label>
        </li>
      ))}
      <li className="visually-hidden" aria-live="polite">
        {t('completeSignup.interestsChosen', { count: props.value.length })}
      </li>
    </ul>
  );
}
