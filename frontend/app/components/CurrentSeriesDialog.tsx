/** 选择当前车系: the car-series list, one sub-series (choosing the chosen one clears it). */
import { SeriesDialog, type SeriesDialogProps } from '~/components/SeriesDialog';

export type CurrentSeriesDialogProps = Omit<SeriesDialogProps, 'multiple'>;

export function CurrentSeriesDialog({ title = '选择当前车系', ...props }: CurrentSeriesDialogProps) {
  return <SeriesDialog {...props} title={title} multiple={false} />;
}
