/**
 * The box around a kit table (decision 172): no height of its own, so the table runs in the page's scroll with
 * its header sticky under the page header. Only when the table is wider than the page leaves it (many columns,
 * a narrow window) does the box scroll sideways, with the first column sticky; it is then a named region that
 * takes the keyboard focus, so the arrow keys can scroll it (axe: scrollable-region-focusable).
 * A shadow marks each side where columns are hidden (decision 283): beside the sticky first column on the left,
 * at the box's edge on the right. A table whose latest columns matter most (a month table) opens scrolled to its
 * end (`startAt="end"`), so the latest month is in view beside the first column.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface TableScrollProps {
  /** The region's name for a screen reader (the table's title). */
  label: string;
  className?: string;
  /** Where a wide table opens: its first columns (the default) or its last. */
  startAt?: 'start' | 'end';
  children: ReactNode;
}

/** Which sides of a wide box hide columns now. */
interface Hidden {
  left: boolean;
  right: boolean;
}

function hiddenSides(element: HTMLElement): Hidden {
  const overflow = element.scrollWidth - element.clientWidth;
  const left = overflow > 1 && element.scrollLeft > 1;
  const right = overflow > 1 && element.scrollLeft < overflow - 1;
  return { left, right };
}

/** The state unchanged when the sides are (a scroll event does not re-render the table). */
const sameSides = (now: Hidden, next: Hidden): Hidden => (now.left === next.left && now.right === next.right ? now : next);

export function TableScroll({ label, className, startAt = 'start', children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });
  // The opening position is set once, the first time the table is wide: later the reader's scroll is theirs.
  const placed = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The table's own width does not depend on whether the box scrolls, so the check cannot flip back and forth.
    const measure = () => {
      const table = element.querySelector('table');
      setWide(table !== null && table.getBoundingClientRect().width > element.clientWidth + 1);
      setHidden((h) => sameSides(h, hiddenSides(element)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    const scrolled = () => setHidden((h) => sameSides(h, hiddenSides(element)));
    element.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', scrolled);
    };
  }, []);

  // Once the box scrolls (is-wide is on it), the opening position, set the first time only.
  useEffect(() => {
    const element = box.current;
    if (!element || !wide || placed.current) return;
    placed.current = true;
    if (startAt === 'end') element.scrollLeft = element.scrollWidth;
    setHidden((h) => sameSides(h, hiddenSides(element)));
  }, [wide, startAt]);

  return (
    <div className={['table-scroll-frame', hidden.left ? 'has-more-left' : '', hidden.right ? 'has-more-right' : ''].filter(Boolean).join(' ')}>
      <div
        ref={box}
        className={['table-scroll', wide ? 'is-wide' : '', className].filter(Boolean).join(' ')}
        role="region"
        aria-label={label}
        tabIndex={wide ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
