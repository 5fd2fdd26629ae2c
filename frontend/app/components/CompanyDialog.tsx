/** 选择厂商: producers by initial (getProducers), multi-select by default; the user's own producer is pre-selected and marked. */
import { type LetterGroup } from '@car/contracts';
import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickItem } from '~/utils/pick-list';
import { makerParams, searchGet, type PickFilters } from '~/utils/search-client';

export interface CompanyDialogProps extends PickDialogProps {
  /** Default true; CurrentCompanyDialog is the single-select one. */
  multiple?: boolean;
  /** detailId, producerProperties, brandProperties narrow the list. */
  filters?: PickFilters;
  /** `useShell().user.producerId`. */
  ownProducerId?: number | null;
}

export function CompanyDialog({ multiple = true, filters, ownProducerId = null, title = '选择厂商', ...props }: CompanyDialogProps) {
  return (
    <PickListDialog
      {...props}
      title={title}
      hint={selectHint(multiple)}
      multiple={multiple}
      ownId={ownProducerId}
      searchPlaceholder="输入厂商名称，回车搜索"
      load={(key, signal) => searchGet<LetterGroup<PickItem>[]>('getProducers', { key, ...makerParams(filters) }, { signal })}
    />
  );
}
