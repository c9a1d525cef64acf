import type { Interest } from '../../../common/api/interests';

/** Interests as toggle chips with their icons; native checkboxes underneath, so keyboards and readers know them. */
export function InterestPicker(props: {
  interests: Interest[];
  value: number[];
  onChange: (ids: number[]) => void;
  legend: string;
}) {
  const chosen = new Set(props.value);
  const toggle = (id: number) =>
    props.onChange(
      chosen.has(id) ? props.value.filter((v) => v !== id) : [...props.value, id].sort((a, b) => a - b),
    );
  return (
    <fieldset className="interest-picker">
      <legend className="visually-hidden">{props.legend}</legend>
      {props.interests.map((interest) => (
        <span key={interest.id} className="interest-option">
          <input
            type="checkbox"
            className="btn-check"
            id={`interest-${interest.id}`}
            checked={chosen.has(interest.id)}
            onChange={() => toggle(interest.id)}
          />
          <label className="interest-chip" htmlFor={`interest-${interest.id}`}>
            <span className="interest-icon" aria-hidden="true">
              {interest.icon}
            </span>
            <span>{interest.label}</span>
          </label>
        </span>
      ))}
    </fieldset>
  );
}
