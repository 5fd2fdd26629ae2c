import { DICTIONARIES, VALUE_DICTIONARIES } from '../reference/data/dictionaries';

/**
 * The dictionary types GET /search/dictionary?type= answers: every coded dictionary, dicEngine (whose keys
 * are the engine names themselves), and the spelling variants the spec uses (gearbox, driving, …).
 * Matching ignores case, so dicGearBox, dicgearbox and gearbox name the same list.
 */
const ALIASES: Record<string, string> = {
  gearbox: 'dicGearBox',
  driving: 'dicDriving',
  engine: 'dicEngine',
  fuel: 'dicFuel',
  bodyShape: 'dicBodyShape',
  producerProperty: 'dicProducerProperty',
  brandProperty: 'dicBoundProperty',
  dicBrandProperty: 'dicBoundProperty',
  dischargeStandard: 'dicDischargeStandard',
  modelLevel: 'dicModelLevel',
  use_nature: 'useNature',
  ownership: 'owner',
  color: 'colour',
};

export const DICTIONARY_TYPES: readonly string[] = [...Object.keys(DICTIONARIES), ...VALUE_DICTIONARIES];

const CANONICAL = new Map<string, string>([
  ...DICTIONARY_TYPES.map((type): [string, string] => [type.toLowerCase(), type]),
  ...Object.entries(ALIASES).map(([alias, type]): [string, string] => [alias.toLowerCase(), type]),
]);

/** The stored dictionary type a requested name stands for, or undefined when there is none. */
export function dictionaryTypeOf(requested: string): string | undefined {
  return CANONICAL.get(requested.trim().toLowerCase());
}

/** Whether the type's keys are the values themselves (text) rather than numeric codes. */
export function hasTextKeys(type: string): boolean {
  return (VALUE_DICTIONARIES as readonly string[]).includes(type);
}
