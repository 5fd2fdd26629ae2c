/** A labelled group of radio buttons inside a GET form (the filter panels' sort, price basis, period). */
export function ChoiceRadios<T extends number>({ name, label, options, value }: { name: string; label: string; options: ReadonlyArray<{ value: T; label: string }>; value: T }) {
  return (
    <div className="choice-list" role="radiogroup" aria-label={label}>
      <span className="choice-list__label">{label}</span>
      {options.map((o) => (
        <label key={o.value} className="choice-list__item">
          <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} />
          {o.label}
        </label>
      ))}
    </div>
  );
}
