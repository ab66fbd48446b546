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

/** A fixed local time, so a line's stamp is known: 2026-12-03 14:03:27.512. */
const AT = () => new Date(2026, 11, 3, 14, 3, 27, 512);
const STAMP = '2026-12-03 14:03:27.512';
/** The local time stamp every text line starts with, the date on the day's first line. */
const TIME = /^(\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}:\d{2}\.\d{3} /;

/** A name that, written raw, would recolour the terminal, end the line and forge the next one. */
const FORGING = 'in\u001b[31m\npad-lattice daemon: forged\u202e';

describe('daemon log lines', () => {
  it('start with the local time, and with the date on the first line and the first line of a new day', () => {
    const out = capture();
    const times = [new Date(2026, 11, 3, 23, 59, 59, 5), new Date(2026, 11, 3, 23, 59, 59, 999), new Date(2026, 11, 4, 0, 0, 0, 42)];
    const log = lineLogger(out.stream, 'daemon', false, () => times.shift()!);
    log.info('one');
    log.warn('two');
    log.error('three');
    expect(out.text()).toBe(
      '2026-12-03 23:59:59.005 pad-lattice daemon: one\n' +
        '23:59:59.999 pad-lattice daemon: warn: two\n' +
        '2026-12-04 00:00:00.042 pad-lattice daemon: error: three\n',
    );
  });

  it('escape controls, bidi and zero-width characters, so one message is one line', () => {
    const out = capture();
    lineLogger(out.stream, 'daemon', false, AT).warn(`profile ${FORGING}\u200b`);
    expect(out.text()).toBe(`${STAMP} pad-lattice daemon: warn: profile in\\x1b[31m\\x0apad-lattice daemon: forged\\u202e\\u200b\n`);
  });

  it('cut a huge message to the limit, in text and in JSON', () => {
    const text = capture();
    const json = capture();
    const huge = `bad line: ${'é'.repeat(1_000_000)}`;
    lineLogger(text.stream, 'daemon', false, AT).info(huge);
    lineLogger(json.stream, 'daemon', true, AT).error(huge);
    const line = text.text();
    const prefix = `${STAMP} pad-lattice daemon: `;
    expect(line.startsWith(`${prefix}bad line: éé`)).toBe(true);
    expect([...line.slice(prefix.length, -1)]).toHaveLength(MAX_LOG_MESSAGE_CODE_POINTS);
    expect(line.endsWith('é…\n')).toBe(true);
    const parsed = JSON.parse(json.text()) as { level: string; message: string };
    expect(parsed.level).toBe('error');
    expect([...parsed.message]).toHaveLength(MAX_LOG_MESSAGE_CODE_POINTS);
  });

  it('in JSON keep the exact text but no raw unsafe code point', () => {
    const out = capture();
    lineLogger(out.stream, 'daemon', true, AT).warn(`x\u009by${FORGING}`);
    expect(isPlainText(out.text().slice(0, -1))).toBe(true);
    const parsed = JSON.parse(out.text()) as { time: string };
    expect(parsed).toEqual({ time: parsed.time, level: 'warn', message: `x\u009by${FORGING}` });
    // The full local time with its offset: the same instant as the clock said.
    expect(parsed.time).toMatch(/^2026-12-03T14:03:27\.512[+-]\d{2}:\d{2}$/);
    expect(new Date(parsed.time).getTime()).toBe(AT().getTime());
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
    for (const line of lines) expect(line.replace(TIME, '').startsWith('pad-lattice daemon: '), line).toBe(true);
    expect(lines[0], 'the first line carries the date').toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} /);
    expect(lines[1], 'later lines of the same day carry the time only').toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} pad/);
    expect(daemon.stderr()).not.toMatch(/[\u001b\u202e]/);
    expect(lines.map((line) => line.replace(TIME, ''))).toContain(
      `pad-lattice daemon: warn: file:${join(dir, 'in\\x1b[31m\\x0apad-lattice daemon: forged\\u202e')} line 1: "zz" is not a two-digit hex byte; line skipped`,
    );
  });
});
