/**
 * The dictionary types `GET search/dictionary?type=` answers, by the names the spec uses. Their entries
 * are reference data (backend/src/reference); the names and their spellings are part of the contract.
 */

/** Coded dictionaries: numeric keys and Chinese labels. */
export const CODED_DICTIONARY_TYPES = [
  'dicFuel',
  'dicBodyShape',
  'dicProducerProperty',
  'dicBoundProperty',
  'dicBrandSeries',
  'dicDischargeStandard',
  'dicGearBox',
  'dicDriving',
  'dicModelLevel',
  'useNature',
  'owner',
  'colour',
] as const;
export type CodedDictionaryType = (typeof CODED_DICTIONARY_TYPES)[number];

/** Dictionaries whose entries are not numeric codes but the values themselves (engine sizes). */
export const VALUE_DICTIONARY_TYPES = ['dicEngine'] as const;

export const DICTIONARY_TYPES: readonly string[] = [...CODED_DICTIONARY_TYPES, ...VALUE_DICTIONARY_TYPES];

/** Other spellings the spec uses for the same lists; matching ignores case. */
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
  return (VALUE_DICTIONARY_TYPES as readonly string[]).includes(type);
}
