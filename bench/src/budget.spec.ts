import { ENDPOINTS as API } from '@car/contracts';
import { ENDPOINTS } from './bench-cases';
import { BUDGET_MS, budgetOf, budgetVerdict, kindOf, overBudget } from './budget';

describe("the bench's per-call budget (issue 48 §3)", () => {
  test('a call is budgeted by its kind: JSON 20 ms, workbook 50 ms, deck 1 s, unless its case names its own', () => {
    expect(kindOf('saleVolume/wholeMarket/whole')).toBe('json');
    expect(kindOf('saleVolume/companyBrand/downloadCarDetails')).toBe('workbook');
    expect(kindOf('carConfig/download')).toBe('workbook');
    expect(kindOf('carConfig/ppt')).toBe('deck');
    expect(budgetOf({ path: 'price/totalMarket/download' })).toBe(BUDGET_MS.workbook);
    expect(budgetOf({ path: 'dashboard/whole' })).toBe(20);
    expect(budgetOf({ path: 'dashboard/whole', targetMs: 300 })).toBe(300);
  });

  test('a case whose p95 exceeds its budget is named, worst first; one within it is not', () => {
    const steady = Array.from({ length: 40 }, () => 10);
    const over = overBudget([
      { name: 'fast', budgetMs: 20, samples: steady },
      // 2 of 40 samples slow: above the 95th percentile's rank (the 38th), so within budget.
      { name: 'one slow outlier', budgetMs: 20, samples: [...steady.slice(2), 90, 90] },
      { name: 'twice over', budgetMs: 20, samples: steady.map(() => 40) },
      { name: 'deck a bit over', budgetMs: 1000, samples: steady.map(() => 1100) },
    ]);
    expect(over.map((o) => o.name)).toEqual(['twice over', 'deck a bit over']);
    expect(over[0]).toEqual({ name: 'twice over', p95: 40, budgetMs: 20 });
    expect(budgetVerdict(4, over)).toContain('2 of 4 cases over their budget');
    expect(budgetVerdict(4, [])).toContain('every call within its budget');
  });

  /**
   * Every call an analyst's page makes has a case, so a new call or parameter is measured from the start. The calls
   * left out read no market data and are timed elsewhere or not by the page: sign-in and sessions, the health check,
   * the queued jobs and their files (export-bench.ts, report-bundle.cli.ts, import-bench.cli.ts), the admin pages,
   * the views opened and written (views-bench.ts) and the subscriptions and notifications written.
   */
  test('every GET call of the API has a bench case, or is named here as timed elsewhere', () => {
    const elsewhere = new Set([
      'health',
      'views/open',
      'dataExport/job',
      'dataExport/jobs',
      'dataExport/file',
      'reportDownload/download',
      'reportDownload/bundle',
      'reportDownload/bundleJob',
      'reportDownload/bundleFile',
    ]);
    const cased = new Set(ENDPOINTS.map((e) => e.path));
    const missing = API.filter((e) => e.method === 'GET' && !e.path.startsWith('admin/') && !e.path.startsWith('dataImport/'))
      .map((e) => e.path)
      .filter((path) => !cased.has(path) && !elsewhere.has(path));
    expect(missing).toEqual([]);
  });
});
