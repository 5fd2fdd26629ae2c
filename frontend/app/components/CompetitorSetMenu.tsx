/**
 * 竞品组 beside a page's own pickers (issue 49 §3): a menu of the caller's sets and those shared with them, each a link
 * that fills the page's pickers with the set (`hrefOf`), then, given the page's picks (`saveAs`), 将当前选择存为竞品组…
 * (the set's form filled from them, the analyst staying on the page: decision 301), and 管理竞品组 to 竞品监控. The list
 * is read once the page is live (the pick lists' resource route), so no page waits for it, and again after a set is
 * written from the page; a failure leaves the menu saying so.
 */
import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';

import { COMPETITOR_MONITOR_PAGE, type CompetitorSet } from '@car/contracts';
import { type CompetitorSetPicks, draftNotes, draftOfPicks, type PicksDraft } from '~/utils/competitor-set-draft';
import { onCompetitorSetsChanged } from '~/utils/competitor-sets-changed';
import { fetchPickList } from '~/utils/pick-list-source';
import { CompetitorSetDialog } from './CompetitorSetDialog';
import { MenuButton, type MenuEntry } from './MenuButton';

type Loaded = { sets: CompetitorSet[] } | { failure: string } | null;

const SAVE_TEXT = '将当前选择存为竞品组';

export function CompetitorSetMenu({ hrefOf, saveAs }: { hrefOf: (set: CompetitorSet) => string; saveAs?: CompetitorSetPicks }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [reads, setReads] = useState(0);
  const [draft, setDraft] = useState<PicksDraft | null>(null);
  useEffect(() => onCompetitorSetsChanged(() => setReads((n) => n + 1)), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchPickList('competitorSets', {}, controller.signal)
      .then((list) => setLoaded({ sets: [...list.mine, ...list.shared] }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ failure: error instanceof Error ? error.message : '竞品组未能读取' });
      });
    return () => controller.abort();
  }, [reads]);

  const sets = loaded && 'sets' in loaded ? loaded.sets : [];
  const save = (picks: CompetitorSetPicks) => {
    const taken = sets.filter((set) => set.mine).map((set) => set.name);
    setDraft(draftOfPicks(picks.own, picks.rivals, taken));
  };
  const items: MenuEntry[] = [
    ...sets.map((set) => ({
      key: String(set.id),
      text: set.mine ? set.name : `${set.name}（${set.owner.nickname || set.owner.account}共享）`,
      to: hrefOf(set),
    })),
    ...(loaded === null ? [{ key: 'loading', text: '正在读取竞品组…', disabled: true }] : []),
    ...(loaded && 'failure' in loaded ? [{ key: 'failure', text: loaded.failure, disabled: true }] : []),
    ...(loaded && 'sets' in loaded && sets.length === 0 ? [{ key: 'none', text: '还没有竞品组', disabled: true }] : []),
    ...(saveAs
      ? [
          {
            key: 'save',
            // Greyed out, the entry says why: a menu item has no tooltip a keyboard reaches.
            text: saveAs.unavailable ? `${SAVE_TEXT}（${saveAs.unavailable}）` : `${SAVE_TEXT}…`,
            icon: 'save outline' as const,
            disabled: Boolean(saveAs.unavailable),
            onSelect: () => save(saveAs),
            separated: true,
          },
        ]
      : []),
    { key: 'manage', text: '管理竞品组…', to: COMPETITOR_MONITOR_PAGE.path, icon: 'setting' as const, separated: !saveAs },
  ];
  return (
    <>
      <MenuButton
        label="用竞品组填入"
        className="competitor-set-menu"
        trigger={
          <>
            <Icon name="crosshairs" />
            竞品组
          </>
        }
        items={items}
      />
      {draft ? <CompetitorSetDialog mode="save" draft={draft} notes={draftNotes(draft, saveAs?.note)} stay onClose={() => setDraft(null)} /> : null}
    </>
  );
}
