import { Injectable } from '@nestjs/common';
import { AUDIT_COUNT_CAP, AUDIT_DOWNLOAD_MAX, type AuditFilter, type AuditItem, type AuditListQuery, type AuditPage } from '@car/contracts';
import { SecurityEventRepository } from '../../security/security-event.repository';

/** 安全日志: the security_event rows SecurityEvents writes, filtered, newest first. */
@Injectable()
export class AuditService {
  constructor(private readonly events: SecurityEventRepository) {}

  async list(query: AuditListQuery): Promise<AuditPage> {
    const { page, pageSize, ...filter } = query;
    const [items, counted] = await Promise.all([this.events.page(filter, pageSize, (page - 1) * pageSize), this.events.count(filter, AUDIT_COUNT_CAP)]);
    return { items, total: Math.min(counted, AUDIT_COUNT_CAP), totalCapped: counted > AUDIT_COUNT_CAP, page, pageSize };
  }

  /** The workbook's rows: the filtered events, newest first, at most AUDIT_DOWNLOAD_MAX. */
  async rows(filter: AuditFilter): Promise<AuditItem[]> {
    return this.events.page(filter, AUDIT_DOWNLOAD_MAX, 0);
  }
}
