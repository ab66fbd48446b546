import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 22.7, the short version: the soak script (`npm run soak`) for 45 s.
 * The 30-minute figures are in the README.
 */
const SOAK = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/bench/soak/main.js');

interface SoakJson {
  ok: boolean;
  problems: string[];
  retained_mb: { start: number | null; after_warm_up: number | null; end: number | null; growth_after_warm_up: number };
  rss_judged: boolean;
  acks: { sent: number; received: number };
  presses: number;
  actions: number;
  extra_actions: number;
  leases: number;
  device_cycles: number;
  profile_edits: number;
  browser: { tabs: number; surface_updates: number };
  daemon: { exit_code: number | null; socket_removed: boolean };
}

function runSoak(minutes: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SOAK, '--minutes', String(minutes), '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('soak (issue 22.7)', () => {
  it('45 s of mixed load: no lost acks, one action per press, no growth after warm-up, every load exercised', async () => {
    if (!existsSync(SOAK)) throw new Error(`${SOAK} is missing: build first (npm test does this)`);
    const run = await runSoak(0.75);
    expect(run.stderr).toMatch(/^soak 0:\d\d\/0:45 {2}rss /m);
    const report = JSON.parse(run.stdout) as SoakJson;
    // A failed soak prints the daemon's log tail on stderr: shown with the problems, so a CI log keeps it.
    expect(report.problems, run.stderr.slice(-8000)).toEqual([]);
    expect(report.ok).toBe(true);
    // 45 s is judged by what a full collection leaves; RSS swings with the collector's cycle over so short a window.
    expect(report.rss_judged).toBe(false);
    expect(report.retained_mb.start).toBeGreaterThan(0);
    expect(report.retained_mb.end).toBeGreaterThan(0);
    expect(run.code).toBe(0);
    expect(report.acks.received).toBe(report.acks.sent);
    expect(report.acks.sent).toBeGreaterThan(100);
    expect(report.actions).toBe(report.presses);
    expect(report.presses).toBeGreaterThan(5);
    expect(report.extra_actions).toBe(0);
    expect(report.leases).toBeGreaterThan(10);
    expect(report.device_cycles).toBeGreaterThanOrEqual(1);
    expect(report.profile_edits).toBeGreaterThanOrEqual(1);
    expect(report.browser.surface_updates).toBeGreaterThan(0);
    expect(report.daemon).toEqual({ exit_code: 0, socket_removed: true, log_lines: expect.any(Number) });
  }, 120_000);
});
