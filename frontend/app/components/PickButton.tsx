/**
 * A button that opens a pick-list dialog and shows the choice (报告下载's and 报告管理's 厂商). Its accessible
 * name is what it picks, then what it shows ("选择厂商 全部厂商"): the visible text is part of the name (WCAG
 * 2.5.3), and `getByRole('button', { name: '选择厂商' })` still finds it.
 */
import { useId, type ReactNode } from 'react';
import { Button } from 'semantic-ui-react';

export function PickButton({ label, className, onClick, children }: { label: string; className?: string; onClick: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <Button type="button" basic className={className} onClick={onClick} id={id} aria-label={label} aria-labelledby={`${id} ${id}-text`}>
      <span id={`${id}-text`}>{children}</span>
    </Button>
  );
}
