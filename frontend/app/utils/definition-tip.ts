/**
 * The 口径 tooltip of a column header or card label (issue 30 §4, decision 201): the label's definition from the
 * one dictionary (contracts definitions.ts), found by the label as shown. The element keeps its text; the
 * tooltip is drawn by the stylesheet from `data-definition` (kit.css, on hover and keyboard focus), and a screen
 * reader reads it as the description through `aria-describedby`, pointing into the page's DefinitionList.
 */
import { DEFINITIONS, definitionKeyOf, type DefinitionKey } from '@car/contracts';

export const definitionElementId = (key: DefinitionKey): string => `definition-${key}`;

export interface DefinitionTipProps {
  className: string;
  'aria-describedby': string;
  'data-definition': string;
}

/** The attributes that give an element the tooltip of its label's definition, or null for a label that is no measure. */
export function definitionTipProps(label: string): DefinitionTipProps | null {
  const key = definitionKeyOf(label);
  if (key === undefined) return null;
  return { className: 'definition-tip', 'aria-describedby': definitionElementId(key), 'data-definition': DEFINITIONS[key].text };
}
