/**
 * The phone page's search over the four tabs at once (decision 180), as pure rules: how the matches are
 * listed (the open tab's first, then each other tab's under 在「品牌」中找到) and which match Enter or the search button opens.
 */
import { foundInTabText, type MpTabMatches, type MpType } from '@car/contracts';

export interface MpMatch {
  type: MpType;
  id: number;
  name: string;
}

/** A group of the list: the open tab's matches have no heading; another tab's say where they were found. */
export interface MpMatchGroup {
  type: MpType;
  heading: string | null;
  matches: MpMatch[];
}

const matchesOf = (tab: MpTabMatches): MpMatch[] => tab.list.map((m) => ({ type: tab.type, id: m.id, name: m.name }));

export function matchGroups(tabs: readonly MpTabMatches[], type: MpType): MpMatchGroup[] {
  const own = tabs.filter((t) => t.type === type);
  const others = tabs.filter((t) => t.type !== type && t.list.length > 0);
  return [
    ...own.filter((t) => t.list.length > 0).map((t) => ({ type: t.type, heading: null, matches: matchesOf(t) })),
    ...others.map((t) => ({ type: t.type, heading: foundInTabText(t.label), matches: matchesOf(t) })),
  ];
}

/**
 * What Enter or the search button opens for `text`: its exact name in the open tab, else its exact name in another tab
 * (in the tabs' order; the page switches to that tab), else the open tab's only match, else the only match
 * of all tabs when the open tab has none; null when the matches are to be listed.
 */
export function searchedMatch(tabs: readonly MpTabMatches[], type: MpType, text: string): MpMatch | null {
  const wanted = text.trim().toLowerCase();
  const exact = (tab: MpTabMatches) => matchesOf(tab).find((m) => m.name.toLowerCase() === wanted);
  const own = tabs.find((t) => t.type === type);
  const others = tabs.filter((t) => t.type !== type);
  const found = (own && exact(own)) ?? others.map(exact).find((m) => m !== undefined);
  if (found) return found;
  if (own && own.list.length === 1) return matchesOf(own)[0];
  const all = tabs.flatMap(matchesOf);
  return (own?.list.length ?? 0) === 0 && all.length === 1 ? all[0] : null;
}
