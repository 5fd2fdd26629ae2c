import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { salesDimensionOfPath, type SalesDimensionKey } from '@car/contracts';
import { routeOf } from '../common/envelope.interceptor';

/**
 * The sales table a table route serves, read from the call it matched through SALES_DIMENSIONS (the one registry of
 * the tables' paths): one handler serves the table calls that share a schema, and no controller restates which path is
 * which table.
 */
export const SalesTable = createParamDecorator((_data: unknown, context: ExecutionContext): SalesDimensionKey => {
  const { routePath, endpoint } = routeOf(context.switchToHttp().getRequest<Request>());
  const table = endpoint && salesDimensionOfPath(endpoint.path);
  if (!table) throw new Error(`${routePath} is no sales table call`);
  return table;
});
