/** The first problems of a data import: line, column, level and the Chinese message, with the full report's download. */
import { DATA_IMPORT, IMPORT_LEVELS, thousands, type ImportProblems } from '@car/contracts';
import { Table } from 'semantic-ui-react';

import { apiDownloadHref } from '~/utils/download';

export function ImportProblemTable({ importId, problems }: { importId: string; problems: ImportProblems }) {
  if (problems.total === 0) return null;
  return (
    <section className="import-problems" aria-label="问题清单">
      <p className="import-problems__summary">
        共 {thousands(problems.total)} 个问题{problems.total > problems.items.length ? `，下面是前 ${problems.items.length} 个` : ''}。
        <a href={apiDownloadHref(DATA_IMPORT.report, { id: importId })} download>
          下载问题报告（Excel）
        </a>
      </p>
      <Table celled compact unstackable className="import-problems__table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>行号</Table.HeaderCell>
            <Table.HeaderCell>列</Table.HeaderCell>
            <Table.HeaderCell>级别</Table.HeaderCell>
            <Table.HeaderCell>说明</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {problems.items.map((problem, i) => (
            <Table.Row key={`${problem.line}-${problem.column}-${i}`} negative={problem.level === 'error'} warning={problem.level === 'warning'}>
              <Table.Cell>{problem.line}</Table.Cell>
              <Table.Cell>{problem.column || '整行'}</Table.Cell>
              <Table.Cell>{IMPORT_LEVELS[problem.level]}</Table.Cell>
              <Table.Cell>{problem.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </section>
  );
}
