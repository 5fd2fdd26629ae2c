import { costPerCall, cpuMsOfStat } from './call-cost';

describe('what a call costs the machine (issue 48 §4)', () => {
  test("a process's CPU is its user and system ticks, read past a command name with spaces and parentheses", () => {
    // Fields 14 and 15 (utime 250, stime 50 ticks of 1/100 s) after the name in parentheses.
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 11 0 100 1000000 5000';
    expect(cpuMsOfStat(stat)).toBe(3000);
    // With its exited children's (fields 16 and 17: 0 and 0 here; 30 and 10 below).
    expect(cpuMsOfStat(stat, true)).toBe(3000);
    expect(cpuMsOfStat(stat.replace(' 250 50 0 0 ', ' 250 50 30 10 '), true)).toBe(3400);
    expect(cpuMsOfStat('garbage')).toBeNull();
  });

  test('the differences over the run are divided by its calls; the snapshot’s own transaction is not counted', () => {
    const cost = costPerCall({ appCpuMs: 1000, pgCpuMs: 500, transactions: 100 }, { appCpuMs: 3000, pgCpuMs: 4500, transactions: 501 }, 200);
    expect(cost).toEqual({ calls: 200, appCpuMs: 10, pgCpuMs: 20, statements: 2 });
    expect(costPerCall({ appCpuMs: null, pgCpuMs: 1, transactions: 0 }, { appCpuMs: 5, pgCpuMs: 2, transactions: 1 }, 1).appCpuMs).toBeNull();
  });
});
