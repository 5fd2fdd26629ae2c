/**
 * The lists of makers by initial, one dialog by kind: 选择厂商 (producers), 选择品牌 (brands), 选择厂商品牌
 * (producer-brand pairs, names like 一汽-大众-大众) and the report page's 选择厂商 (producers that have
 * reports). Multi-select by default; `current` makes it the single-select 选择当前厂商 / 选择当前品牌. The
 * user's own producer or brand (`ownId`) is pre-selected when nothing is chosen, and marked; producer-brand
 * ids are the pairs' own, so nothing is pre-selected there.
 */
import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickId } from '~/utils/pick-list';
import { fetchPickList, makerParams, type PickFilters } from '~/utils/pick-list-source';

const MAKER_LISTS = {
  company: { list: 'producers', noun: '厂商', searchPlaceholder: '输入厂商名称，回车搜索' },
  brand: { list: 'brands', noun: '品牌', searchPlaceholder: '输入品牌名称，回车搜索' },
  companyBrand: { list: 'producerBrands', noun: '厂商品牌', searchPlaceholder: '输入厂商或品牌名称，回车搜索' },
  reportProducer: { list: 'reportProducers', noun: '厂商', searchPlaceholder: '输入厂商名称，回车搜索' },
} as const;

export type MakerKind = keyof typeof MAKER_LISTS;

export interface MakerDialogProps extends PickDialogProps {
  kind: MakerKind;
  /** The single-select 选择当前… dialog of the page's own subject. */
  current?: boolean;
  /** Default true; always false when `current`. */
  multiple?: boolean;
  /** detailId, producerProperties, brandProperties narrow the list. */
  filters?: PickFilters;
  /** `useShell().user.producerId` or `.brandId`. */
  ownId?: PickId | null;
}

export function MakerDialog({ kind, current = false, multiple = !current, filters, ownId = null, title, ...props }: MakerDialogProps) {
  const { list, noun, searchPlaceholder } = MAKER_LISTS[kind];
  const several = multiple && !current;
  return (
    <PickListDialog
      {...props}
      title={title ?? `选择${current ? '当前' : ''}${noun}`}
      hint={selectHint(several)}
      multiple={several}
      ownId={ownId}
      searchPlaceholder={searchPlaceholder}
      load={(key, signal) => fetchPickList(list, { key, ...makerParams(filters) }, signal)}
    />
  );
}
