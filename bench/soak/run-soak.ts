import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PadLatticeClient } from '../../src/client/index.js';
import { AgentChurn } from './agents.js';
import { BrowserTab } from './browser-tab.js';
import { soakClock } from './clock.js';
import { newCounters, noteFailure, soakSeconds, type SoakCounters } from './counters.js';
import { PressRounds } from './press-rounds.js';
import { ProfileEditor } from './profile-edits.js';
import { requestRetained } from './retained-memory.js';
import { describeGrowth, type SoakProgress, type SoakReport } from './report.js';
import { judgeGrowth, sampleProcess, type GrowthVerdict, type Sample } from './samples.js';

const SOAK_DAEMON = fileURLToPath(new URL('./soak-daemon.js', import.meta.url));
const AGENT_WORKERS = 4;
const PRESS_GAP_MS = 200;
/** How long a sample waits for the daemon's retained-memory reply (a full collection takes tens of ms). */
const RETAINED_REPLY_MS = 5_000;

/** How often each load happens, scaled to the length of the run (a 1-minute run still does every kind). */
function cadence(totalSeconds: number) {
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  return {
    warmUpSeconds: clamp(totalSeconds * 0.2, 10, 300),
    sampleMs: clamp(totalSeconds / 60, 1, 10) * 1000,
    deviceCycleMs: clamp(totalSeconds / 4, 10, 60) * 1000,
    profileEditMs: clamp(totalSeconds / 10, 3, 20) * 1000,
    tabReopenMs: clamp(totalSeconds / 3, 10, 120) * 1000,
    progressMs: clamp(totalSeconds / 20, 5, 60) * 1000,
  };
}

/**
 * Runs the daemon (soak-daemon.ts: the real `daemon --web` with a virtual
 * Launchpad) under mixed load for `minutes`, sampling its RSS and open
 * descriptors, and says whether it kept its promises: no growth after
 * warm-up, no lost acks, exactly one action per press.
 */
export async function runSoak(minutes: number, onProgress: (progress: SoakProgress) => void = () => undefined): Promise<SoakReport> {
  const totalSeconds = minutes * 60;
  const pace = cadence(totalSeconds);
  const dir = mkdtempSync(join(tmpdir(), 'pls-'));
  const paths = { socket: join(dir, 's.sock'), fifo: join(dir, 'pads.fifo'), trace: join(dir, 'pad.trace'), profiles: join(dir, 'profiles') };
  mkdirSync(paths.profiles);
  if (spawnSync('mkfifo', [paths.fifo]).status !== 0) throw new Error('mkfifo failed: the soak needs a FIFO for presses');
  const counters = newCounters();
  const daemon = startDaemon(dir, paths, () => soakSeconds(counters));
  try {
    const adminUrl = await daemon.adminUrl;
    const client = new PadLatticeClient({ socketPath: paths.socket, timeoutMs: 5_000 });
    const presses = new PressRounds(client, counters, paths.fifo, paths.trace);
    await presses.register();
    // One clock for samples, progress, failures and the daemon's log tail.
    const elapsed = () => soakSeconds(counters);
    const samples: Sample[] = [];
    // One sample at a time, so each retained-memory reply belongs to its own request.
    let sampling = Promise.resolve();
    const takeSample = () =>
      (sampling = sampling.then(async () => {
        const at = elapsed();
        samples.push(sampleProcess(daemon.pid, at, await requestRetained(daemon.child, RETAINED_REPLY_MS)));
      }));
    await takeSample();
    const editor = new ProfileEditor(paths.profiles, counters);
    const timers = [
      setInterval(() => void takeSample(), pace.sampleMs),
      setInterval(() => editor.editOnce(), pace.profileEditMs),
      setInterval(() => onProgress({ elapsedSeconds: elapsed(), totalSeconds, latest: samples.at(-1) ?? null, counters }), pace.progressMs),
    ];
    const churn = new AgentChurn(client, counters);
    churn.start(AGENT_WORKERS);
    const tabs = browserTabs(adminUrl, counters, pace.tabReopenMs);
    let nextCycle = pace.deviceCycleMs;
    while (elapsed() < totalSeconds) {
      await presses.press();
      if (elapsed() * 1000 >= nextCycle) {
        await presses.cycleDevice((command) => daemon.child.send(command));
        nextCycle += pace.deviceCycleMs;
      }
      await sleep(PRESS_GAP_MS);
    }
    for (const timer of timers) clearInterval(timer);
    await churn.stop();
    await presses.finish();
    await tabs.stop();
    await takeSample();
    const stopped = await daemon.stop();
    const growth = judgeGrowth(samples, pace.warmUpSeconds);
    return {
      minutes,
      warmUpSeconds: pace.warmUpSeconds,
      samples,
      growth,
      counters,
      daemon: { exitCode: stopped, socketRemoved: !existsSync(paths.socket), logLines: daemon.logLines(), logTail: daemon.logTail() },
      problems: problemsOf(counters, growth, stopped, !existsSync(paths.socket)),
    };
  } finally {
    daemon.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Daemon log lines kept for a failure report: a 30-minute soak logs ~200. */
const LOG_TAIL_LINES = 200;

function startDaemon(dir: string, paths: { socket: string; fifo: string; trace: string; profiles: string }, seconds: () => number) {
  const args = [paths.fifo, paths.trace, paths.socket, join(dir, 'ids.json')];
  const env = {
    ...process.env,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    PAD_LATTICE_PROFILE_PATH: paths.profiles,
    PAD_LATTICE_SOCKET: '',
    NO_COLOR: '1',
  };
  const child: ChildProcess = fork(SOAK_DAEMON, args, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: ['--expose-gc'] });
  let stdout = '';
  let logLines = 0;
  let partial = '';
  const tail: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter((line) => line !== '')) {
      logLines++;
      tail.push(`${soakClock(seconds())} ${line}`);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const adminUrl = (async () => {
    const deadline = Date.now() + 30_000;
    while (!stdout.includes('\n')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the soak daemon did not start:\n${tail.slice(-20).join('\n')}`);
      await sleep(50);
    }
    return (JSON.parse(stdout.split('\n')[0]!) as { admin_url: string }).admin_url;
  })();
  return {
    child,
    pid: child.pid!,
    adminUrl,
    logLines: () => logLines,
    logTail: () => [...tail],
    async stop(): Promise<number | null> {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One admin tab at a time, closed and reopened every `reopenMs` as a user reloads the page. */
function browserTabs(adminUrl: string, counters: SoakCounters, reopenMs: number) {
  let tab: BrowserTab | null = null;
  let stopping = false;
  const open = async () => {
    try {
      tab = await BrowserTab.open(adminUrl);
      counters.browserTabs++;
      tab.onMessage((message) => {
        if (message.type === 'surface') counters.browserSurfaces++;
      });
    } catch (error) {
      noteFailure(counters, 'browser tab', error);
    }
  };
  let opening = open();
  const timer = setInterval(() => {
    if (stopping) return;
    tab?.close();
    tab = null;
    opening = opening.then(open);
  }, reopenMs);
  return {
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      await opening;
      tab?.close();
    },
  };
}

function problemsOf(counters: SoakCounters, growth: GrowthVerdict, exitCode: number | null, socketRemoved: boolean): string[] {
  const problems: string[] = [];
  if (counters.acksReceived !== counters.acksSent) problems.push(`acks: ${counters.acksSent} sent, ${counters.acksReceived} received`);
  if (counters.actions !== counters.presses) problems.push(`presses: ${counters.presses}, actions: ${counters.actions}`);
  if (counters.extraActions > 0) problems.push(`${counters.extraActions} press(es) produced more than one action`);
  if (counters.presses === 0) problems.push('no press was made');
  if (counters.deviceCycles === 0) problems.push('the controller never vanished and returned');
  if (counters.profileEdits === 0) problems.push('the profile was never edited');
  if (counters.browserSurfaces === 0) problems.push('the browser tab received no surface update');
  if (!growth.ok) problems.push(`growth after warm-up: ${describeGrowth(growth)}`);
  if (exitCode !== 0) problems.push(`the daemon exited with ${exitCode} after SIGTERM`);
  if (!socketRemoved) problems.push('the daemon left its socket behind');
  problems.push(...counters.failures.slice(0, 10));
  return problems;
}
