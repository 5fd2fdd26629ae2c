import { Button, Icon } from 'semantic-ui-react';

/** The chart panels' 导出图片 button (useChartCanvas's exportPng), disabled until the chart is drawn. */
export function ChartExportButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button size="mini" basic icon onClick={onClick} disabled={disabled} title="导出图片" aria-label="导出图片">
      <Icon name="image outline" />
    </Button>
  );
}
