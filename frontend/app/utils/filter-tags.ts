/** The header tags of a sales page: one rule with the decks' title slides, in the contracts (filter-tags.ts). */
export { filterTags, monthTagText } from '@car/contracts';
