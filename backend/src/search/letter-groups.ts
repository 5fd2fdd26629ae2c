import { type LetterGroup } from '@car/contracts';

/** Something a pick-list shows under its initial (the pinyin initial stored with every maker and series). */
export interface Initialled {
  name: string;
  initial: string;
}

const byPinyin = new Intl.Collator('zh-CN');

/** Pick-list order for flat lists: by initial (A-Z, then '#'), then by name as Chinese readers sort it (pinyin). */
export function comparePickListEntries(a: Initialled, b: Initialled): number {
  const first = letterRank(letterOf(a.initial)) - letterRank(letterOf(b.initial));
  return first !== 0 ? first : byPinyin.compare(a.name, b.name);
}

/**
 * The A-Z grouping of the pick-list dialogs: only letters that have entries, in A-Z order, each with its
 * entries sorted by name. An initial outside A-Z (a digit, say) is grouped under '#', after Z.
 */
export function groupByLetter<T extends Initialled, R>(entries: readonly T[], toItem: (entry: T) => R): Array<LetterGroup<R>> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const letter = letterOf(entry.initial);
    const group = groups.get(letter);
    if (group) group.push(entry);
    else groups.set(letter, [entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => letterRank(a) - letterRank(b))
    .map(([letter, list]) => ({ letter, list: [...list].sort((a, b) => byPinyin.compare(a.name, b.name)).map(toItem) }));
}

/** 'a' → 'A'; anything not a letter A-Z → '#'. */
export function letterOf(initial: string): string {
  const upper = initial.trim().charAt(0).toUpperCase();
  return /^[A-Z]$/.test(upper) ? upper : '#';
}

/** A is 0 … Z is 25; '#' comes after Z. */
function letterRank(letter: string): number {
  return letter === '#' ? 26 : letter.charCodeAt(0) - 65;
}
