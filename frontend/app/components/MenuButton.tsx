/**
 * A button that opens a menu of pages and actions: the shell header's user menu and the dashboard's top
 * menu (decision 185). WAI-ARIA's menu button — a `<button aria-haspopup="menu" aria-expanded>` and a
 * `role="menu"` list of `menuitem`s — in place of Semantic UI's Dropdown, which marks any dropdown a
 * `listbox` (a critical axe finding on every page: a listbox of links). Enter, Space or ↓ open it on the
 * first item, ↑/↓ move, Escape closes it and gives the focus back to the button, as does a click outside.
 * The list stays in the page while closed (`hidden`), so its links are in the document for every reader.
 */
import { Link } from '@remix-run/react';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

import { useClickOutside } from '~/utils/use-click-outside';

export interface MenuEntry {
  key: string;
  text: string;
  icon?: SemanticICONS;
  /** A page: the item is a link. */
  to?: string;
  /** An action: the item is a button. */
  onSelect?: () => void;
  disabled?: boolean;
  /** A rule above the item. */
  separated?: boolean;
}

interface MenuButtonProps {
  /** The menu's accessible name. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  items: readonly MenuEntry[];
  className?: string;
  testId?: string;
  /** Opens while the pointer or the keyboard focus is on it (the dashboard's top menu). */
  openOnHover?: boolean;
  /** The list's edge that lines up with the button's. */
  align?: 'left' | 'right';
}

const menuItems = (root: HTMLElement | null): HTMLElement[] =>
  Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

export function MenuButton({ label, trigger, items, className, testId, openOnHover = false, align = 'left' }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(root, open, close);

  const openOnItem = (index: 0 | -1) => {
    setOpen(true);
    // The list is in the page already (hidden): focus its item once it shows.
    requestAnimationFrame(() => menuItems(root.current).at(index)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const inMenu = (event.target as HTMLElement).getAttribute('role') === 'menuitem';
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && inMenu) {
      event.preventDefault();
      const list = menuItems(root.current);
      const at = list.indexOf(event.target as HTMLElement);
      list[(at + (event.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !inMenu) {
      event.preventDefault();
      openOnItem(event.key === 'ArrowDown' ? 0 : -1);
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (openOnHover && !root.current?.contains(event.relatedTarget)) setOpen(false);
  };

  const choose = (entry: MenuEntry) => {
    setOpen(false);
    entry.onSelect?.();
  };

  return (
    <div
      ref={root}
      className={['menu-button', open ? 'is-open' : '', className ?? ''].filter(Boolean).join(' ')}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onFocus={openOnHover ? () => setOpen(true) : undefined}
      onMouseEnter={openOnHover ? () => setOpen(true) : undefined}
      onMouseLeave={openOnHover ? close : undefined}
    >
      <button ref={button} type="button" className="menu-button__trigger" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {trigger}
        <Icon name="dropdown" aria-hidden="true" />
      </button>
      <ul role="menu" aria-label={label} className={`menu-button__menu menu-button__menu--${align}`} hidden={!open}>
        {items.map((entry) => (
          <li key={entry.key} role="none" className={entry.separated ? 'menu-button__separated' : undefined}>
            {entry.to && !entry.disabled ? (
              <Link role="menuitem" to={entry.to} className="menu-button__item" onClick={() => choose(entry)}>
                {entry.icon ? <Icon name={entry.icon} aria-hidden="true" /> : null}
                {entry.text}
              </Link>
            ) : (
              <button
                type="button"
                role="menuitem"
                className="menu-button__item"
                aria-disabled={entry.disabled || undefined}
                onClick={entry.disabled ? undefined : () => choose(entry)}
              >
                {entry.icon ? <Icon name={entry.icon} aria-hidden="true" /> : null}
                {entry.text}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
