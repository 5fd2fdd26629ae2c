/**
 * A card label with the 口径 tooltip of the measure it names (decision 201): its text as it was, focusable so
 * the keyboard shows the definition too; a label that names no measure stays plain text.
 */
import { definitionTipProps } from '~/utils/definition-tip';

export function DefinedLabel({ label, className }: { label: string; className?: string }) {
  const tip = definitionTipProps(label);
  if (!tip) return <span className={className}>{label}</span>;
  return (
    <span {...tip} className={[tip.className, className].filter(Boolean).join(' ')} tabIndex={0}>
      {label}
    </span>
  );
}
