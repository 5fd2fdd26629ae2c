/** 选择品牌: brands by initial (getBrands), multi-select by default; the user's own brand is pre-selected and marked. */
import { type LetterGroup } from '@car/contracts';
import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickItem } from '~/utils/pick-list';
import { makerParams, searchGet, type PickFilters } from '~/utils/search-client';

export interface BrandDialogProps extends PickDialogProps {
  /** Default true; CurrentBrandDialog is the single-select one. */
  multiple?: boolean;
  /** detailId, producerProperties, brandProperties narrow the list. */
  filters?: PickFilters;
  /** `useShell().user.brandId`. */
  ownBrandId?: number | null;
}

export function BrandDialog({ multiple = true, filters, ownBrandId = null, title = '选择品牌', ...props }: BrandDialogProps) {
  return (
    <PickListDialog
      {...props}
      title={title}
      hint={selectHint(multiple)}
      multiple={multiple}
      ownId={ownBrandId}
      searchPlaceholder="输入品牌名称，回车搜索"
      load={(key, signal) => searchGet<LetterGroup<PickItem>[]>('getBrands', { key, ...makerParams(filters) }, { signal })}
    />
  );
}
