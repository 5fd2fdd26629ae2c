import type { KeyboardEvent } from 'react';

/** The tab the key moves focus to, from the tab at `index` of `count`, or null for another key. */
export function movedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The ARIA tab pattern's keys on a tablist (the phone page's MpTabs, 归因分析's tabs): the arrow keys, Home and End move
 * the focus between its tabs; a tab is a link, so Enter opens it.
 */
export function onTablistKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const next = movedTo(event.key, tabs.indexOf(document.activeElement as HTMLElement), tabs.length);
  if (next === null) return;
  event.preventDefault();
  tabs[next].focus();
}
