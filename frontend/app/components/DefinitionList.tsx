/**
 * The 口径 dictionary as hidden text, once a page: what `aria-describedby` of a header's or card label's tooltip
 * names (utils/definition-tip.ts), so the labels keep their own text and a screen reader still reads the definition.
 */
import { DEFINITION_KEYS, DEFINITIONS } from '@car/contracts';
import { definitionElementId } from '~/utils/definition-tip';

export function DefinitionList() {
  return (
    <div hidden className="definition-list">
      {DEFINITION_KEYS.map((key) => (
        <span key={key} id={definitionElementId(key)}>
          {DEFINITIONS[key].name}：{DEFINITIONS[key].text}
        </span>
      ))}
    </div>
  );
}
