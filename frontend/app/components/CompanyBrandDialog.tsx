/**
 * 选择厂商品牌: producer-brand pairs by initial (getProducerBrands, names like 一汽-大众-大众), multi-select
 * by default. Their ids are the pairs' own, not producer or brand ids, so nothing is pre-selected.
 */
import { type LetterGroup } from '@car/contracts';
import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickItem } from '~/utils/pick-list';
import { makerParams, searchGet, type PickFilters } from '~/utils/search-client';

export interface CompanyBrandDialogProps extends PickDialogProps {
  /** Default true. */
  multiple?: boolean;
  /** detailId, producerProperties, brandProperties narrow the list. */
  filters?: PickFilters;
}

export function CompanyBrandDialog({ multiple = true, filters, title = '选择厂商品牌', ...props }: CompanyBrandDialogProps) {
  return (
    <PickListDialog
      {...props}
      title={title}
      hint={selectHint(multiple)}
      multiple={multiple}
      searchPlaceholder="输入厂商或品牌名称，回车搜索"
      load={(key, signal) => searchGet<LetterGroup<PickItem>[]>('getProducerBrands', { key, ...makerParams(filters) }, { signal })}
    />
  );
}
