import { Injectable } from '@nestjs/common';
import { AUDIT_DOWNLOAD_MAX, type AuditFilter, type AuditItem, type AuditListQuery, type AuditPage } from '@car/contracts';
import { SecurityEventRepository } from '../../security/security-event.repository';

/** 安全日志: the security_event rows SecurityEvents writes, filtered, newest first. */
@Injectable()
export class AuditService {
  constructor(private readonly events: SecurityEventRepository) {}

  async list(query: AuditListQuery): Promise<AuditPage> {
    const { page, pageSize, ...filter } = query;
    const { items, total } = await this.events.page(filter, pageSize, (page - 1) * pageSize);
    return { items, total, page, pageSize };
  }

  /** The workbook's rows: the filtered events, newest first, at most AUDIT_DOWNLOAD_MAX. */
  async rows(filter: AuditFilter): Promise<AuditItem[]> {
    return (await this.events.page(filter, AUDIT_DOWNLOAD_MAX, 0)).items;
  }
}
