import { describe, expect, it } from 'vitest';
import { newCounters, noteFailure } from '../../bench/soak/counters.js';
import { formatReport, reportJson } from '../../bench/soak/report.js';
import type { SoakReport } from '../../bench/soak/report.js';
import { judgeGrowth, type Sample } from '../../bench/soak/samples.js';

function report(problems: string[]): SoakReport {
  const samples: Sample[] = [0, 10, 20, 30, 40].map((at) => ({ at, rssMb: 90, fds: 30, retainedMb: 20 }));
  return {
    minutes: 0.75,
    warmUpSeconds: 10,
    samples,
    growth: judgeGrowth(samples, 10),
    counters: newCounters(),
    daemon: { exitCode: 0, socketRemoved: true, logLines: 2, logTail: ['0:01 {"message":"listening"}', '0:16 {"message":"MIDI: lost the pad"}'] },
    problems,
  };
}

describe('the soak report', () => {
  it('stamps a failure with the soak time', () => {
    const counters = newCounters();
    noteFailure(counters, 'press-7', new Error('approve lit for press-7 not seen within 10000 ms'));
    expect(counters.failures).toEqual(['at 0:00 press-7: approve lit for press-7 not seen within 10000 ms']);
  });

  it('prints the daemon log tail under a failure, and only then', () => {
    const failed = formatReport(report(['at 0:16 press-7: no action']));
    expect(failed).toContain(
      'FAIL\n  - at 0:16 press-7: no action\n  daemon log, last 2 lines (soak time first):\n    0:01 {"message":"listening"}\n    0:16 {"message":"MIDI: lost the pad"}',
    );
    expect(reportJson(report(['at 0:16 press-7: no action']))['daemon']).toMatchObject({
      log_tail: ['0:01 {"message":"listening"}', '0:16 {"message":"MIDI: lost the pad"}'],
    });

    const passed = formatReport(report([]));
    expect(passed).toMatch(/PASS\n$/);
    expect(passed).not.toContain('daemon log');
    expect(reportJson(report([]))['daemon']).not.toHaveProperty('log_tail');
  });
});
