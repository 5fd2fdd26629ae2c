/**
 * The pick-list dialog of the page kit: a semantic-ui Modal with a title, a search box (Enter or the icon
 * searches), the A-Z letter index, the entries grouped by initial as toggle buttons, the choices so far,
 * 清空 and 确定. The X, Escape and anything else that closes it without 确定 revert to the last confirmed
 * choice (utils/pick-list.ts holds those rules; `usePickList` holds the state).
 *
 * Keyboard: focus starts in the search box (or the first control), Tab stays inside the dialog, the
 * letter index is one Tab stop (arrow keys move along it, Enter jumps to the group and its first entry),
 * entries are buttons (Enter / Space toggle), Escape closes.
 *
 * The concrete dialogs (MakerDialog, SeriesDialog, AreaDialog, …) are small components over this one.
 * Modal renders nothing on the server; dialogs only open after hydration.
 */
import { Fragment, memo, useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Icon, Input, Loader, Message, Modal } from 'semantic-ui-react';

import { type LetterGroup } from '@car/contracts';
import {
  EMPTY_SELECTION,
  LETTERS,
  findInGroups,
  initialPickListState,
  isChosen,
  lettersWithEntries,
  pickListReducer,
  sameSelection,
  type PickId,
  type PickItem,
  type PickListState,
  type Selection,
} from '~/utils/pick-list';
import { useListRequest } from '~/utils/pick-list-source';
import { modalDialogProps } from '~/utils/dialog';

// ---------- state ----------

export interface PickList {
  state: PickListState;
  open: () => void;
  /** X / Escape: drop the draft. */
  close: () => void;
  /** 确定: the draft becomes the choice; returns it. */
  confirm: () => Selection;
  toggle: (item: PickItem, multiple: boolean) => void;
  toggleAll: (items: readonly PickItem[]) => void;
  chooseSeries: (series: PickItem) => void;
  clear: () => void;
  preselect: (item: PickItem) => void;
  replace: (selection: Selection) => void;
}

/** The state of one picker: the confirmed choice, the dialog's draft and whether it is open. */
export function usePickList(initial: Selection = EMPTY_SELECTION): PickList {
  const [state, dispatch] = useReducer(pickListReducer, initial, initialPickListState);
  const latest = useRef(state);
  latest.current = state;
  const actions = useMemo(
    () => ({
      open: () => dispatch({ type: 'open' }),
      close: () => dispatch({ type: 'close' }),
      confirm: () => {
        const chosen = latest.current.draft;
        dispatch({ type: 'confirm' });
        return chosen;
      },
      toggle: (item: PickItem, multiple: boolean) => dispatch({ type: 'toggle', item, multiple }),
      toggleAll: (items: readonly PickItem[]) => dispatch({ type: 'toggleAll', items }),
      chooseSeries: (series: PickItem) => dispatch({ type: 'chooseSeries', series }),
      clear: () => dispatch({ type: 'clear' }),
      preselect: (item: PickItem) => dispatch({ type: 'preselect', item }),
      replace: (selection: Selection) => dispatch({ type: 'replace', selection }),
    }),
    [],
  );
  return useMemo(() => ({ state, ...actions }), [state, actions]);
}

/**
 * A picker whose choice follows the page's: whenever `incoming` (another URL, names the loader resolved)
 * differs from the confirmed choice, it becomes the choice. Keep `incoming` stable (useMemo on its text).
 */
export function useFollowingPickList(incoming: Selection): PickList {
  const pick = usePickList(incoming);
  const { replace } = pick;
  const confirmedRef = useRef(pick.state.confirmed);
  confirmedRef.current = pick.state.confirmed;
  useEffect(() => {
    if (!sameSelection(incoming, confirmedRef.current)) replace(incoming);
  }, [incoming, replace]);
  return pick;
}

// ---------- small parts the concrete dialogs share ----------

export interface PickToggleProps {
  item: PickItem;
  chosen: boolean;
  onToggle: (item: PickItem) => void;
  /** The user's own producer or brand: marked 本品. */
  own?: boolean;
  children?: ReactNode;
  className?: string;
}

/** One entry: a toggle button that shows whether it is chosen. Memoised: a series list has ~1,900 of them. */
export const PickToggle = memo(function PickToggle({ item, chosen, onToggle, own = false, children, className }: PickToggleProps) {
  return (
    <button
      type="button"
      className={`pick-toggle${chosen ? ' is-chosen' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={chosen}
      onClick={() => onToggle(item)}
    >
      {chosen ? <Icon name="check" className="pick-toggle__check" /> : null}
      <span className="pick-toggle__name">{children ?? item.name}</span>
      {own ? <span className="pick-toggle__own">本品</span> : null}
    </button>
  );
});

/** A list's loading spinner or failure message (with 重试); nothing once it has loaded. */
export function LoadStatus({ loading, error, onRetry }: { loading: boolean; error: string | null; onRetry?: () => void }) {
  if (loading) return <Loader active inline="centered" size="small" content="加载中…" className="pick-dialog__loader" />;
  if (!error) return null;
  return (
    <Message negative size="small" className="pick-dialog__error" role="alert">
      <span>{error}</span>
      {onRetry ? (
        <Button type="button" basic size="mini" compact onClick={onRetry} className="pick-dialog__retry">
          重试
        </Button>
      ) : null}
    </Message>
  );
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
}

/** Tab and Shift+Tab wrap around inside the dialog (semantic-ui's Modal does not trap focus). */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const root = event.currentTarget;
  const items = focusablesIn(root);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

// ---------- the letter index ----------

function LetterIndex({ enabled, onJump }: { enabled: ReadonlySet<string>; onJump: (letter: string) => void }) {
  const available = LETTERS.filter((letter) => enabled.has(letter));
  const [current, setCurrent] = useState<string | null>(null);
  const stop = current && enabled.has(current) ? current : (available[0] ?? null);
  const bar = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLButtonElement>, letter: string) => {
    const at = available.indexOf(letter);
    let next: string | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = available[(at + 1) % available.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = available[(at - 1 + available.length) % available.length];
    else if (event.key === 'Home') next = available[0];
    else if (event.key === 'End') next = available[available.length - 1];
    if (!next) return;
    event.preventDefault();
    setCurrent(next);
    bar.current?.querySelector<HTMLButtonElement>(`[data-letter="${next}"]`)?.focus();
  };

  return (
    <div className="pick-dialog__letters" role="toolbar" aria-label="按首字母跳转" ref={bar}>
      {LETTERS.map((letter) => {
        const on = enabled.has(letter);
        return (
          <button
            key={letter}
            type="button"
            className="pick-dialog__letter-button"
            data-letter={letter}
            disabled={!on}
            tabIndex={letter === stop ? 0 : -1}
            onKeyDown={(event) => move(event, letter)}
            onClick={() => {
              setCurrent(letter);
              onJump(letter);
            }}
          >
            {letter}
          </button>
        );
      })}
    </div>
  );
}

// ---------- the dialog ----------

export interface PickListDialogProps<T extends PickItem = PickItem> {
  pick: PickList;
  title: string;
  /** A line under the title, e.g. 可多选. */
  hint?: string;
  size?: 'small' | 'large';
  multiple: boolean;
  /** After 确定, with the new choice. */
  onConfirm?: (selection: Selection) => void;
  /** After X / Escape (the choice has reverted). */
  onClose?: () => void;
  /** The letter-grouped list: loaded on opening and on each search (key '' = all). */
  load?: (key: string, signal: AbortSignal) => Promise<LetterGroup<T>[]>;
  searchPlaceholder?: string;
  /** How an entry renders; by default a toggle button of the entry. */
  renderEntry?: (entry: T) => ReactNode;
  /** The user's own producer or brand: pre-selected when nothing is chosen, and marked. */
  ownId?: PickId | null;
  /** Beside the list (the chosen series' car models). */
  aside?: ReactNode;
  /** The body of a dialog without a letter list (the area hierarchy). */
  children?: ReactNode;
  /** The A-Z index; off for lists grouped by something else (the city dialog's provinces). Default true. */
  letterIndex?: boolean;
}

export function PickListDialog<T extends PickItem = PickItem>({
  pick,
  title,
  hint,
  size = 'small',
  multiple,
  onConfirm,
  onClose,
  load,
  searchPlaceholder = '输入名称搜索',
  renderEntry,
  ownId = null,
  aside,
  children,
  letterIndex = true,
}: PickListDialogProps<T>) {
  const titleId = useId();
  const { open, draft } = pick.state;
  const list = useListRequest<LetterGroup<T>[]>();
  const { run, cancel } = list;
  const [key, setKey] = useState('');
  const loadRef = useRef(load);
  loadRef.current = load;
  const listRef = useRef<HTMLDivElement>(null);
  const modalRef = useRef<HTMLDivElement | null>(null);

  const search = useCallback(
    (text: string) => {
      const loader = loadRef.current;
      if (loader) void run((signal) => loader(text, signal));
    },
    [run],
  );

  // Each opening starts from the whole list; closing drops a call still in flight.
  useEffect(() => {
    if (open) {
      setKey('');
      search('');
    } else {
      cancel();
    }
  }, [open, search, cancel]);

  const groups = list.data;
  const { preselect } = pick;
  useEffect(() => {
    if (!open || ownId === null || ownId === undefined || !groups) return;
    const own = findInGroups(groups, ownId);
    if (own) preselect({ id: own.id, name: own.name });
  }, [open, ownId, groups, preselect]);

  const enabled = useMemo(() => lettersWithEntries(groups ?? []), [groups]);

  const jumpTo = useCallback((letter: string) => {
    const container = listRef.current;
    const section = container?.querySelector<HTMLElement>(`[data-group="${letter}"]`);
    if (!container || !section) return;
    container.scrollTop = section.offsetTop;
    section.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, []);

  const confirm = () => {
    const chosen = pick.confirm();
    onConfirm?.(chosen);
  };
  const close = () => {
    pick.close();
    onClose?.();
  };
  const { toggle: toggleItem } = pick;
  const toggle = useCallback((item: PickItem) => toggleItem(item, multiple), [toggleItem, multiple]);

  const focusFirst = () => {
    // After the portal has painted: the search box, else the first control.
    requestAnimationFrame(() => {
      const root = modalRef.current;
      if (!root) return;
      const content = root.querySelector<HTMLElement>('.content');
      const target = root.querySelector<HTMLElement>('[data-autofocus]') ?? (content && focusablesIn(content)[0]) ?? focusablesIn(root)[0];
      target?.focus();
    });
  };

  const entryOf = (entry: T) =>
    renderEntry ? (
      renderEntry(entry)
    ) : (
      <PickToggle
        item={entry}
        chosen={isChosen(draft, entry.id)}
        onToggle={toggle}
        own={ownId !== null && ownId !== undefined && String(entry.id) === String(ownId)}
      />
    );

  return (
    <Modal
      open={open}
      size={size}
      onClose={close}
      onMount={focusFirst}
      closeOnDimmerClick={false}
      closeIcon={
        <button type="button" className="close pick-dialog__close" aria-label="关闭（不保存本次选择）" title="关闭">
          <Icon name="close" fitted />
        </button>
      }
      className="pick-dialog"
      {...modalDialogProps(titleId)}
      onKeyDown={trapTab}
    >
      <Modal.Header>
        <span id={titleId}>{title}</span>
        {hint ? <span className="pick-dialog__hint">{hint}</span> : null}
      </Modal.Header>
      <Modal.Content>
        <div
          ref={(node: HTMLDivElement | null) => {
            modalRef.current = node?.closest<HTMLDivElement>('.ui.modal') ?? node;
          }}
        >
          {load ? (
            <>
              <div className="pick-dialog__tools">
                <Input
                  fluid
                  className="pick-dialog__search"
                  value={key}
                  placeholder={searchPlaceholder}
                  onChange={(_event, data) => setKey(String(data.value ?? ''))}
                  onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                    event.preventDefault();
                    search(key);
                  }}
                  icon={{ name: 'search', link: true, title: '搜索', onClick: () => search(key) }}
                  input={{ 'data-autofocus': 'true', maxLength: 50, 'aria-label': searchPlaceholder, type: 'search' }}
                />
                {letterIndex ? <LetterIndex enabled={enabled} onJump={jumpTo} /> : null}
              </div>
              <div className={`pick-dialog__body${aside ? ' pick-dialog__body--split' : ''}${letterIndex ? '' : ' pick-dialog__body--named'}`}>
                <div className="pick-dialog__list" ref={listRef} tabIndex={-1}>
                  <LoadStatus loading={list.loading} error={list.error} onRetry={list.retry} />
                  {!list.loading && !list.error && groups && groups.length === 0 ? <p className="pick-dialog__empty">没有找到匹配的项目</p> : null}
                  {groups && !list.loading
                    ? groups.map((group) => (
                        <section key={group.letter} className="pick-dialog__group" data-group={group.letter.toUpperCase()}>
                          <h4 className="pick-dialog__group-letter">{group.letter}</h4>
                          <div className="pick-dialog__entries">
                            {group.list.map((entry) => (
                              <Fragment key={String(entry.id)}>{entryOf(entry)}</Fragment>
                            ))}
                          </div>
                        </section>
                      ))
                    : null}
                </div>
                {aside ? (
                  <div className="pick-dialog__aside" tabIndex={-1}>
                    {aside}
                  </div>
                ) : null}
              </div>
            </>
          ) : (
            children
          )}
        </div>
      </Modal.Content>
      <Modal.Actions className="pick-dialog__actions">
        {/* tabIndex -1: a scrolling box is a Tab stop of its own in Chrome; the chips are the stops here. */}
        <div className="pick-dialog__chosen" aria-live="polite" tabIndex={-1}>
          <ChosenList items={draft.items} onRemove={toggle} />
        </div>
        <Button type="button" basic onClick={() => pick.clear()} disabled={draft.items.length === 0 && draft.series === null}>
          清空
        </Button>
        <Button type="button" primary onClick={confirm}>
          确定
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

/** The draft's entries as small labels, each removable (useful when the choice spans groups or searches). */
export function ChosenList({ items, onRemove }: { items: readonly PickItem[]; onRemove: (item: PickItem) => void }) {
  if (items.length === 0) return <span className="pick-dialog__none">未选择</span>;
  return (
    <>
      <span className="pick-dialog__chosen-label">已选 {items.length} 项：</span>
      {items.map((item) => (
        <button key={String(item.id)} type="button" className="pick-dialog__chip" onClick={() => onRemove(item)} aria-label={`移除 ${item.name}`} title="移除">
          {item.name}
          <Icon name="close" fitted />
        </button>
      ))}
    </>
  );
}

/** What every concrete dialog takes. */
export interface PickDialogProps {
  /** The picker's state, from `usePickList()` (PickerInput makes its own). Open it with `pick.open()`. */
  pick: PickList;
  /** After 确定, with the new choice. */
  onConfirm?: (selection: Selection) => void;
  /** After X / Escape (the choice has reverted). */
  onClose?: () => void;
  /** Overrides the dialog's title. */
  title?: string;
}

export function selectHint(multiple: boolean): string {
  return multiple ? '可多选，再次点击取消' : '单选，再次点击取消';
}
