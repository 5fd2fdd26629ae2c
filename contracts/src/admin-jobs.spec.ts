import { durationText, jobKindLabel, jobListSchema } from './admin-jobs';

describe('the job monitor’s display rules', () => {
  test('a kind is named by its exact name, then by its area, then by itself', () => {
    expect(jobKindLabel('exports.data')).toBe('数据导出');
    expect(jobKindLabel('rollups.rebuild')).toBe('汇总表重建');
    expect(jobKindLabel('audit.prune')).toBe('安全日志清理');
    // A kind added later (an import) is named by its area without a change here.
    expect(jobKindLabel('imports.retail')).toBe('数据导入');
    expect(jobKindLabel('mail.send')).toBe('mail.send');
  });

  test('durations read in milliseconds, seconds, minutes and hours', () => {
    expect(durationText(null)).toBe('-');
    expect(durationText(850)).toBe('850 毫秒');
    expect(durationText(12_345)).toBe('12.3 秒');
    expect(durationText(245_000)).toBe('4 分 05 秒');
    expect(durationText(3_720_000)).toBe('1 小时 02 分');
  });

  test('the list defaults to page 1 of 20 and refuses an unknown state by name', () => {
    expect(jobListSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(jobListSchema.parse({ state: '', kind: 'exports.data' })).toEqual({ kind: 'exports.data', page: 1, pageSize: 20 });
    expect(jobListSchema.safeParse({ state: 'done' }).success).toBe(false);
    expect(jobListSchema.safeParse({ status: 'failed' }).success).toBe(false);
  });
});
