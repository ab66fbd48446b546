import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRpcLine } from '../../../src/agents/acp/json-rpc.js';
import { LineSplitter, type LinePiece } from '../../../src/agents/acp/line-splitter.js';
import { Relay } from '../../../src/agents/acp/relay.js';
import { until } from '../shared/fake-daemon.js';

/** The bytes the pieces stand for, in order: what the relay writes. */
function bytesOf(pieces: readonly LinePiece[]): Buffer {
  return Buffer.concat(pieces.flatMap((p) => (p.kind === 'line' && p.terminated ? [p.bytes, Buffer.from('\n')] : [p.bytes])));
}

function split(limit: number, chunks: readonly Buffer[]): LinePiece[] {
  const splitter = new LineSplitter(limit);
  const pieces = chunks.flatMap((chunk) => [...splitter.push(chunk)]);
  const tail = splitter.flush();
  return tail === null ? pieces : [...pieces, tail];
}

describe('the NDJSON framing of `pad-lattice acp`', () => {
  it('cuts lines at LF wherever the chunks break, keeps a CR, and hands out an unterminated last line at the end', () => {
    const pieces = split(100, [Buffer.from('{"a":1}\r\n{"b"'), Buffer.from(':2}\n\n{"c":3}')]);
    expect(pieces.map((p) => [p.kind, p.bytes.toString(), p.kind === 'line' ? p.terminated : p.ends])).toEqual([
      ['line', '{"a":1}\r', true],
      ['line', '{"b":2}', true],
      ['line', '', true],
      ['line', '{"c":3}', false],
    ]);
  });

  it('passes a line over the limit on in pieces as it arrives, holding at most the limit, then reads lines again', () => {
    const big = 'x'.repeat(25);
    const pieces = split(10, [Buffer.from(`{"a":1}\n${big.slice(0, 8)}`), Buffer.from(big.slice(8, 20)), Buffer.from(`${big.slice(20)}\n{"b":2}\n`)]);
    expect(pieces.map((p) => (p.kind === 'line' ? ['line', p.bytes.toString()] : ['oversized', p.bytes.toString(), p.starts, p.ends]))).toEqual([
      ['line', '{"a":1}'],
      ['oversized', big.slice(0, 8), true, false],
      ['oversized', big.slice(8, 20), false, false],
      ['oversized', `${big.slice(20)}\n`, false, true],
      ['line', '{"b":2}'],
    ]);
  });

  it('gives back exactly the bytes it was given, for any lines, limits and chunkings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (chunks, limit, withLineBreaks) => {
          const input = chunks.map((chunk) => Buffer.from(withLineBreaks ? chunk.map((b) => (b % 7 === 0 ? 0x0a : b)) : chunk));
          const pieces = split(limit, input);
          expect(bytesOf(pieces)).toEqual(Buffer.concat(input));
          for (const piece of pieces) if (piece.kind === 'line') expect(piece.bytes.length).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it('reads a line as a request, notification or response; anything else is passed on as it is', () => {
    expect(parseRpcLine(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"a":1}}'))).toEqual({
      kind: 'request',
      id: 3,
      method: 'session/prompt',
      params: { a: 1 },
    });
    expect(parseRpcLine(Buffer.from('{"jsonrpc":"2.0","method":"session/cancel","params":{}}'))).toEqual({
      kind: 'notification',
      method: 'session/cancel',
      params: {},
    });
    expect(parseRpcLine(Buffer.from('{"jsonrpc":"2.0","id":"x","error":{"code":1}}'))).toEqual({ kind: 'response', id: 'x', result: undefined, failed: true });
    expect(parseRpcLine(Buffer.from('{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}'))).toEqual({ kind: 'other' });
    expect(parseRpcLine(Buffer.from('[{"id":1}]'))).toEqual({ kind: 'other' });
    expect(parseRpcLine(Buffer.from('{"id":1'))).toBe('not_json');
  });

  it('holds the writer back while the reader does not read: memory stays bounded by one chunk and one line', async () => {
    const from = new PassThrough({ highWaterMark: 1024 });
    // A reader that takes one write and then never finishes it.
    const to = new Writable({ highWaterMark: 1024, write: () => undefined });
    const relay = new Relay({ from, to, lineLimit: 4096, onLine: () => true, onOversized: () => undefined, onBroken: () => undefined });
    let written = 0;
    const line = `${JSON.stringify({ jsonrpc: '2.0', method: 'n', params: { pad: 'y'.repeat(200) } })}\n`;
    // The writer side: writes as long as `from` takes them, as a pipe's writer would.
    while (from.write(line)) written += line.length;
    await until(() => from.isPaused(), 'the relay to pause its source');
    expect(to.writableLength).toBeLessThan(1024 + 4096);
    expect(written).toBeLessThan(64 * 1024);
    expect(relay.broken).toBe(false);
  });
});
