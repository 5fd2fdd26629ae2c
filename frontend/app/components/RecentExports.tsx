/** 我的导出: the caller's recent exports with their state, and the link of each complete file. */
import type { ExportJobView } from '@car/contracts';
import { Table } from 'semantic-ui-react';

import { thousands as formatThousands } from '@car/contracts';

function timeText(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

export function RecentExports({ jobs }: { jobs: readonly ExportJobView[] }) {
  return (
    <section className="recent-exports" aria-label="我的导出">
      <h3 className="recent-exports__title">我的导出</h3>
      {jobs.length === 0 ? (
        <p className="recent-exports__empty">还没有导出记录</p>
      ) : (
        <Table compact size="small" celled>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>文件</Table.HeaderCell>
              <Table.HeaderCell>提交时间</Table.HeaderCell>
              <Table.HeaderCell>状态</Table.HeaderCell>
              <Table.HeaderCell>行数</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.map((job) => (
              <Table.Row key={job.id}>
                <Table.Cell>
                  {job.status === 'done' && job.result ? (
                    <a href={job.result} download={job.fileName}>
                      {job.fileName}
                    </a>
                  ) : (
                    job.fileName
                  )}
                </Table.Cell>
                <Table.Cell>{timeText(job.createdAt)}</Table.Cell>
                <Table.Cell>
                  {job.status === 'failed' ? `${job.phaseText}：${job.error ?? ''}` : `${job.phaseText}${job.status === 'running' ? ` ${job.percent}%` : ''}`}
                </Table.Cell>
                <Table.Cell>{formatThousands(job.rowsWritten)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </section>
  );
}
