import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineLogger, MAX_LOG_MESSAGE_CODE_POINTS } from '../../src/support/log-lines.js';
import { isPlainText } from '../../src/support/untrusted-text.js';
import { killLeftovers, startCli } from '../experiences/helpers/cli-process.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  killLeftovers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

/** A name that, written raw, would recolour the terminal, end the line and forge the next one. */
const FORGING = 'in\u001b[31m\npad-lattice daemon: forged\u202e';

describe('daemon log lines', () => {
  it('escape controls, bidi and zero-width characters, so one message is one line', () => {
    const out = capture();
    lineLogger(out.stream, 'daemon', false).warn(`profile ${FORGING}\u200b`);
    expect(out.text()).toBe('pad-lattice daemon: warn: profile in\\x1b[31m\\x0apad-lattice daemon: forged\\u202e\\u200b\n');
  });

  it('cut a huge message to the limit, in text and in JSON', () => {
    const text = capture();
    const json = capture();
    const huge = `bad line: ${'é'.repeat(1_000_000)}`;
    lineLogger(text.stream, 'daemon', false).info(huge);
    lineLogger(json.stream, 'daemon', true).error(huge);
    const line = text.text();
    expect(line.startsWith('pad-lattice daemon: bad line: éé')).toBe(true);
    expect([...line.slice('pad-lattice daemon: '.length, -1)]).toHaveLength(MAX_LOG_MESSAGE_CODE_POINTS);
    expect(line.endsWith('é…\n')).toBe(true);
    const parsed = JSON.parse(json.text()) as { level: string; message: string };
    expect(parsed.level).toBe('error');
    expect([...parsed.message]).toHaveLength(MAX_LOG_MESSAGE_CODE_POINTS);
  });

  it('in JSON keep the exact text but no raw unsafe code point', () => {
    const out = capture();
    lineLogger(out.stream, 'daemon', true).warn(`x\u009by${FORGING}`);
    expect(isPlainText(out.text().slice(0, -1))).toBe(true);
    expect(JSON.parse(out.text())).toEqual({ level: 'warn', message: `x\u009by${FORGING}` });
  });

  it('a running daemon logs a file: input with a forging name as one escaped line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pad-lattice-log-lines-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'home'));
    const input = join(dir, FORGING);
    writeFileSync(input, 'zz\n');
    const daemon = startCli([
      'daemon',
      '--profile',
      'novation/launchpad/pro-mk1',
      '--input',
      `file:${input}`,
      '--output',
      `trace:${join(dir, 'trace')}`,
      '--socket',
      join(dir, 'd.sock'),
      '--identity-store',
      join(dir, 'ids.json'),
    ]);
    await vi.waitFor(() => expect(daemon.stderr()).toContain('line skipped'), { timeout: 20_000 });
    daemon.child.kill('SIGTERM');
    await daemon.exited;
    const lines = daemon.stderr().trimEnd().split('\n');
    for (const line of lines) expect(line.startsWith('pad-lattice daemon: '), line).toBe(true);
    expect(daemon.stderr()).not.toMatch(/[\u001b\u202e]/);
    expect(lines).toContain(
      `pad-lattice daemon: warn: file:${join(dir, 'in\\x1b[31m\\x0apad-lattice daemon: forged\\u202e')} line 1: "zz" is not a two-digit hex byte; line skipped`,
    );
  });
});
