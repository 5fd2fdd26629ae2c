import type { Response } from 'express';
import { type AuditFilter, auditDetailText, SECURITY_EVENT_LABELS, type AuditItem } from '@car/contracts';
import { chinaDay } from '../../common/china-time';
import { streamTableWorkbook, type WorkbookColumn, type WorkbookHead } from '../../workbook/table-workbook';

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

/**
 * The log's filters in words for the header block (decision 281), in the list's order: 事件类型 by their labels, 账号,
 * 地址, 日期; a filter not set reads 全部.
 */
export function auditHead(filter: AuditFilter): WorkbookHead {
  const all = '全部';
  const events = filter.events?.map((e) => SECURITY_EVENT_LABELS[e] ?? e).join('、');
  const dates = filter.from || filter.to ? `${filter.from ?? '最早'} 至 ${filter.to ?? '今天'}` : all;
  return {
    title: '安全日志',
    tags: [
      { label: '事件类型', value: events || all },
      { label: '账号', value: filter.account ?? all },
      { label: '地址', value: filter.address ?? all },
      { label: '日期', value: dates },
    ],
  };
}

/** 安全日志_{today}.xlsx through the tables' streaming writer (text neutralised: an account may begin with =), under its filters. */
export function streamAuditWorkbook(response: Response, rows: AuditItem[], filter: AuditFilter = {}, today = new Date()): Promise<void> {
  return streamTableWorkbook(response, `安全日志_${chinaDay(today)}.xlsx`, '安全日志', COLUMNS, rows, null, { head: auditHead(filter) });
}
