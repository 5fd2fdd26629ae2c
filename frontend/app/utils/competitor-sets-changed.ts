/**
 * A set written from a page the analyst stays on (存为竞品组, decision 301): the page's 竞品组 menus read their list
 * once, so a write says so here and each menu reads its list again. Within this browser tab only.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** A menu's subscription; returns the unsubscribe. */
export function onCompetitorSetsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceCompetitorSetsChanged(): void {
  listeners.forEach((listener) => listener());
}
