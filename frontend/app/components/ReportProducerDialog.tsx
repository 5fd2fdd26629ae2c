/** 选择厂商 on the report page: the producers that have reports (getReportProducers), A–Z, search, multi-select. */
import { type LetterGroup } from '@car/contracts';
import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickItem } from '~/utils/pick-list';
import { searchGet } from '~/utils/search-client';

export function ReportProducerDialog({ title = '选择厂商', ...props }: PickDialogProps) {
  return (
    <PickListDialog
      {...props}
      title={title}
      hint={selectHint(true)}
      multiple
      searchPlaceholder="输入厂商名称，回车搜索"
      load={(key, signal) => searchGet<LetterGroup<PickItem>[]>('getReportProducers', { key }, { signal })}
    />
  );
}
