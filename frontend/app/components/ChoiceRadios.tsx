/**
 * A labelled group of radio buttons inside a GET form (the filter panels' data source, sort, price basis,
 * period, discount or rate). Uncontrolled, unless `onChange` is given for a panel whose group summary
 * follows the choice. `showLabel` false: the filter group's title already names it, and the label is only
 * the group's accessible name.
 */
export function ChoiceRadios<T extends number>({
  name,
  label,
  options,
  value,
  onChange,
  showLabel = true,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange?: (value: T) => void;
  showLabel?: boolean;
}) {
  return (
    <div className="choice-list" role="radiogroup" aria-label={label}>
      {showLabel ? <span className="choice-list__label">{label}</span> : null}
      {options.map((o) => (
        <label key={o.value} className="choice-list__item">
          {onChange ? (
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          ) : (
            <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} />
          )}
          {o.label}
        </label>
      ))}
    </div>
  );
}
