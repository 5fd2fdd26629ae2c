/**
 * The box around a kit table (decision 172): no height of its own, so the table runs in the page's scroll with
 * its header sticky under the page header. Only when the table is wider than the page leaves it (many columns,
 * a narrow window) does the box scroll sideways, with the first column sticky; it is then a named region that
 * takes the keyboard focus, so the arrow keys can scroll it (axe: scrollable-region-focusable).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface TableScrollProps {
  /** The region's name for a screen reader (the table's title). */
  label: string;
  className?: string;
  children: ReactNode;
}

export function TableScroll({ label, className, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The table's own width does not depend on whether the box scrolls, so the check cannot flip back and forth.
    const measure = () => {
      const table = element.querySelector('table');
      setWide(table !== null && table.getBoundingClientRect().width > element.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className={['table-scroll', wide ? 'is-wide' : '', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      tabIndex={wide ? 0 : undefined}
    >
      {children}
    </div>
  );
}
