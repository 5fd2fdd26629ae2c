import { DATED_HEADING, datedRecord } from './doc-section';

describe('what a run of npm run bench keeps of bench/RESULTS.md', () => {
  test('the dated record, from its heading to the end', () => {
    const existing = `# Benchmark\n\n## Targets\n\nold figures\n\n${DATED_HEADING} (issue 27)\n\n- a\n\n## Issue 45's calls\n\n- b\n`;
    expect(datedRecord(existing)).toBe(`\n${DATED_HEADING} (issue 27)\n\n- a\n\n## Issue 45's calls\n\n- b\n`);
  });

  test('nothing from a file without one, or no file', () => {
    expect(datedRecord('# Benchmark\n\n## Targets\n')).toBe('');
    expect(datedRecord('')).toBe('');
  });
});
