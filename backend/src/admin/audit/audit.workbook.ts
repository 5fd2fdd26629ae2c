import type { Response } from 'express';
import { auditDetailText, SECURITY_EVENT_LABELS, type AuditItem } from '@car/contracts';
import { chinaDay } from '../../common/china-time';
import { streamTableWorkbook, type WorkbookColumn } from '../../workbook/table-workbook';

const COLUMNS: ReadonlyArray<WorkbookColumn<AuditItem>> = [
  { header: '时间', kind: 'text', width: 20, value: (r) => r.time },
  { header: '事件', kind: 'text', width: 18, value: (r) => SECURITY_EVENT_LABELS[r.event as keyof typeof SECURITY_EVENT_LABELS] ?? r.event },
  { header: '事件代码', kind: 'text', width: 20, value: (r) => r.event },
  { header: '账号', kind: 'text', width: 20, value: (r) => r.account ?? '' },
  { header: '用户ID', kind: 'text', width: 10, value: (r) => (r.userId === null ? '' : String(r.userId)) },
  { header: '地址', kind: 'text', width: 18, value: (r) => r.address },
  { header: '原因', kind: 'text', width: 24, value: (r) => r.reason ?? '' },
  { header: '路径', kind: 'text', width: 32, value: (r) => r.path ?? '' },
  { header: '详情', kind: 'text', width: 48, value: (r) => auditDetailText(r.detail) },
];

/** 安全日志_{today}.xlsx through the tables' streaming writer (text neutralised: an account may begin with =). */
export function streamAuditWorkbook(response: Response, rows: AuditItem[], today = new Date()): Promise<void> {
  return streamTableWorkbook(response, `安全日志_${chinaDay(today)}.xlsx`, '安全日志', COLUMNS, rows, null);
}
