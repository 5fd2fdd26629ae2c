import { parseMonth } from '@car/contracts';
import { ApiException } from '../common/api-codes';

/**
 * The month a call asks for among its source's published months (newest first): no `time` is the latest, a month
 * without data is a 400 naming it, and a source with no month at all is 暂无数据. The sales, dashboard and
 * price-volume calls read their month through it.
 */
export function requestedMonth(months: readonly number[], time: string | undefined): number {
  if (months.length === 0) throw ApiException.notFound('暂无数据');
  if (!time) return months[0];
  const month = parseMonth(time);
  if (!months.includes(month)) throw ApiException.badRequest(`参数 time 没有 ${time} 的数据`);
  return month;
}
