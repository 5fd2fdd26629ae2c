/**
 * How a page's picks become a competitor set's draft (issue 49 §1, decision 301): the form opened by 存为竞品组 from
 * 车系价格追踪, 价格维度分析, 配置查询 or a ranking table's ticked rows. Each sub-series once, in the order picked; one
 * that is 本品 is not also a rival; the rivals beyond what a set holds (fifteen, sixteen with 本品) are left out and
 * named, so the analyst sees what was kept before saving. The name is 本品's, `<本品>竞品组`, numbered past the names
 * the caller already has (the API refuses a taken name, and the dialog shows that too).
 */
import { COMPETITOR_SET_NAME_MAX, MAX_RIVALS, MAX_SET_MEMBERS } from '@car/contracts';

import { sameId, type PickItem } from './pick-list';

/**
 * A page's picks offered as a set (a 竞品组 menu's 将当前选择存为竞品组…): 本品, the rivals, how they were read (said in
 * the form), and why they cannot make a set yet (the entry greyed out, saying it), null when they can.
 */
export interface CompetitorSetPicks {
  own: readonly PickItem[];
  rivals: readonly PickItem[];
  note?: string;
  unavailable?: string | null;
}

export interface PicksDraft {
  name: string;
  own: PickItem[];
  rivals: PickItem[];
  /** Rivals picked beyond what a set holds, in the order picked: not in the draft. */
  dropped: PickItem[];
}

const NAME_SUFFIX = '竞品组';

const distinct = (items: readonly PickItem[]): PickItem[] =>
  items.filter((item, at) => items.findIndex((other) => sameId(other.id, item.id)) === at).map((item) => ({ id: item.id, name: item.name }));

/** `<本品>竞品组`, or `<本品>竞品组2`, `3`… past the names taken; 本品's name shortened to fit the forty characters. */
export function setNameOf(own: readonly PickItem[], taken: readonly string[] = []): string {
  const first = own[0]?.name.trim();
  if (!first) return '';
  const names = new Set(taken.map((name) => name.trim()));
  for (let n = 1; ; n++) {
    const tail = `${NAME_SUFFIX}${n === 1 ? '' : n}`;
    const name = `${first.slice(0, COMPETITOR_SET_NAME_MAX - tail.length)}${tail}`;
    if (!names.has(name)) return name;
  }
}

/** The draft of a set from a page's picks: 本品 as given, the rivals that fit, the name (`setNameOf`). */
export function draftOfPicks(own: readonly PickItem[], rivals: readonly PickItem[], taken: readonly string[] = []): PicksDraft {
  const ownKept = distinct(own);
  const others = distinct(rivals).filter((rival) => !ownKept.some((item) => sameId(item.id, rival.id)));
  const room = Math.max(0, Math.min(MAX_RIVALS, MAX_SET_MEMBERS - ownKept.length));
  return { name: setNameOf(ownKept, taken), own: ownKept, rivals: others.slice(0, room), dropped: others.slice(room) };
}

/** What the form says above its fields: how the picks were read (the page's `note`), then the rivals left out, if any. */
export function draftNotes(draft: Pick<PicksDraft, 'rivals' | 'dropped'>, note?: string): string[] {
  const notes = note ? [note] : [];
  if (draft.dropped.length === 0) return notes;
  const picked = draft.rivals.length + draft.dropped.length;
  return [
    ...notes,
    `已选 ${picked} 个竞品子车系，竞品组最多 ${MAX_RIVALS} 个（与本品合计最多 ${MAX_SET_MEMBERS} 个）：` +
      `保留前 ${draft.rivals.length} 个，未计入 ${draft.dropped.map((item) => item.name).join('、')}。`,
  ];
}
