/**
 * 竞品组 beside a page's own pickers (issue 49 §3): a menu of the caller's sets and those shared with them, each a link
 * that fills the page's pickers with the set (`hrefOf`), and 管理竞品组 to 竞品监控. The list is read once the page is
 * live (the pick lists' resource route), so no page waits for it; a failure leaves the menu saying so.
 */
import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';

import { COMPETITOR_MONITOR_PAGE, type CompetitorSet } from '@car/contracts';
import { fetchPickList } from '~/utils/pick-list-source';
import { MenuButton, type MenuEntry } from './MenuButton';

type Loaded = { sets: CompetitorSet[] } | { failure: string } | null;

export function CompetitorSetMenu({ hrefOf }: { hrefOf: (set: CompetitorSet) => string }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPickList('competitorSets', {}, controller.signal)
      .then((list) => setLoaded({ sets: [...list.mine, ...list.shared] }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ failure: error instanceof Error ? error.message : '竞品组未能读取' });
      });
    return () => controller.abort();
  }, []);

  const sets = loaded && 'sets' in loaded ? loaded.sets : [];
  const items: MenuEntry[] = [
    ...sets.map((set) => ({
      key: String(set.id),
      text: set.mine ? set.name : `${set.name}（${set.owner.nickname || set.owner.account}共享）`,
      to: hrefOf(set),
    })),
    ...(loaded === null ? [{ key: 'loading', text: '正在读取竞品组…', disabled: true }] : []),
    ...(loaded && 'failure' in loaded ? [{ key: 'failure', text: loaded.failure, disabled: true }] : []),
    ...(loaded && 'sets' in loaded && sets.length === 0 ? [{ key: 'none', text: '还没有竞品组', disabled: true }] : []),
    { key: 'manage', text: '管理竞品组…', to: COMPETITOR_MONITOR_PAGE.path, icon: 'setting' as const, separated: true },
  ];
  return (
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
  );
}
