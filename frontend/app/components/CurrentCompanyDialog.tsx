/** 选择当前厂商: the producers list, one producer (choosing the chosen one clears it). */
import { CompanyDialog, type CompanyDialogProps } from '~/components/CompanyDialog';

export type CurrentCompanyDialogProps = Omit<CompanyDialogProps, 'multiple'>;

export function CurrentCompanyDialog({ title = '选择当前厂商', ...props }: CurrentCompanyDialogProps) {
  return <CompanyDialog {...props} title={title} multiple={false} />;
}
