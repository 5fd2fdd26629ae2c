/** 选择当前品牌: the brands list, one brand (choosing the chosen one clears it). */
import { BrandDialog, type BrandDialogProps } from '~/components/BrandDialog';

export type CurrentBrandDialogProps = Omit<BrandDialogProps, 'multiple'>;

export function CurrentBrandDialog({ title = '选择当前品牌', ...props }: CurrentBrandDialogProps) {
  return <BrandDialog {...props} title={title} multiple={false} />;
}
