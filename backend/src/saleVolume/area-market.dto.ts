import { z } from 'zod';
import { chartSchema, pagingSchema, saleVolumeFilterSchema } from './sale-volume.dto';

/** 1 big region (大区), 2 province, 3 city: the level of the chosen node of the area tree. */
export type AreaLevel = 1 | 2 | 3;

/** The chosen node: a region id (1-7), or a province or city by its 6-digit code. */
export interface AreaChoice {
  id: number;
  level: AreaLevel;
}

/** The old client sends empty fields for what is not chosen. */
const blankIsAbsent = (value: unknown): unknown => (value === '' ? undefined : value);

const levelText = z
  .enum(['1', '2', '3'], { message: '应为 1（大区）、2（省份）或 3（城市）' })
  .transform((v) => Number(v) as AreaLevel);

/**
 * The area-market parameters beside the shared filters: `area` (absent or −1 = the nation) and its
 * `level`. `dimensionality` is the old client's name for the level (spec 000 §7) and is read as one.
 */
const areaShape = {
  area: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ message: '应为整数' })
      .int('应为整数')
      .min(-1, '应为 -1（全国）、大区编号或 6 位行政区划代码')
      .max(999999, '应为 -1（全国）、大区编号或 6 位行政区划代码')
      .refine((v) => v !== 0, '应为 -1（全国）、大区编号或 6 位行政区划代码')
      .optional(),
  ),
  level: z.preprocess(blankIsAbsent, levelText.optional()),
  dimensionality: z.preprocess(blankIsAbsent, levelText.optional()),
};

type AreaFields = { area?: number; level?: AreaLevel; dimensionality?: AreaLevel };

/** Folds area, level and dimensionality into one `area` choice (null = the nation). */
function withArea<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...shape, ...areaShape })
    .transform((q, ctx) => {
      const { area, level, dimensionality, ...rest } = q as typeof q & AreaFields;
      if (level !== undefined && dimensionality !== undefined && level !== dimensionality) {
        ctx.addIssue({ code: 'custom', path: ['level'], message: '与 dimensionality 不一致' });
        return z.NEVER;
      }
      const chosenLevel = level ?? dimensionality;
      if (area === undefined || area === -1) return { ...rest, area: null as AreaChoice | null };
      if (chosenLevel === undefined) {
        ctx.addIssue({ code: 'custom', path: ['level'], message: '选择地区时必填：1 大区、2 省份或 3 城市' });
        return z.NEVER;
      }
      return { ...rest, area: { id: area, level: chosenLevel } as AreaChoice | null };
    });
}

/** The area page's year select: 1-10 years, 2 by default (spec 000 §9). */
const areaChartShape = {
  ...chartSchema.shape,
  count: z.coerce.number({ message: '应为整数' }).int('应为整数').min(1, '应为 1-10').max(10, '应为 1-10').default(2),
};

export const areaMarketFilterSchema = withArea(saleVolumeFilterSchema.shape);
export const areaMarketTableSchema = withArea({ ...saleVolumeFilterSchema.shape, ...pagingSchema.shape });
export const areaMarketChartSchema = withArea({ ...saleVolumeFilterSchema.shape, ...areaChartShape });
/** download type: 0 segment, 1 family, 2 brand, 3 area, 4 producer. */
export const areaMarketDownloadSchema = withArea({
  ...saleVolumeFilterSchema.shape,
  type: z.enum(['0', '1', '2', '3', '4'], { message: '应为 0-4' }).transform(Number),
});

export type AreaMarketFilterDto = z.infer<typeof areaMarketFilterSchema>;
export type AreaMarketTableDto = z.infer<typeof areaMarketTableSchema>;
export type AreaMarketChartDto = z.infer<typeof areaMarketChartSchema>;
export type AreaMarketDownloadDto = z.infer<typeof areaMarketDownloadSchema>;
