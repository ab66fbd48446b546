import { describe, expect, it } from 'vitest';
import { LineSplitter, MAX_MESSAGE_BYTES } from '../../src/wire/index.js';

function feed(splitter: LineSplitter, ...chunks: (string | Buffer)[]): { lines: string[]; usable: boolean } {
  const lines: string[] = [];
  let usable = true;
  for (const chunk of chunks)
    usable = splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, (line) => lines.push(line.toString('latin1'))) && usable;
  return { lines, usable };
}

describe('LineSplitter', () => {
  it('splits on LF, keeps the tail for the next chunk and skips whitespace-only lines', () => {
    const splitter = new LineSplitter();
    expect(feed(splitter, 'a\n\r\n \t\x0b\x0c\nb', 'c\nd')).toEqual({ lines: ['a', 'bc'], usable: true });
    expect(splitter.pendingBytes).toBe(1);
    expect(feed(splitter, '\n').lines).toEqual(['d']);
  });

  it('keeps a CR before the LF (JSON parsing tolerates it)', () => {
    expect(feed(new LineSplitter(), 'x\r\n').lines).toEqual(['x\r']);
  });

  it('overflows when unterminated bytes pass the cap, and ignores everything afterwards', () => {
    const splitter = new LineSplitter();
    expect(feed(splitter, 'x'.repeat(MAX_MESSAGE_BYTES)).usable).toBe(true);
    expect(feed(splitter, 'y').usable).toBe(false);
    expect(splitter.overflowed).toBe(true);
    expect(feed(splitter, '\nok\n')).toEqual({ lines: [], usable: false });
  });

  it('hands over an oversize line whose LF came in the same chunk', () => {
    const splitter = new LineSplitter();
    const long = 'z'.repeat(MAX_MESSAGE_BYTES + 10);
    const { lines, usable } = feed(splitter, `${long}\nnext\n`);
    expect(usable).toBe(true);
    expect(lines.map((l) => l.length)).toEqual([long.length, 4]);
  });

  it('copes with one byte at a time', () => {
    const splitter = new LineSplitter();
    const text = '{"a":1}\n{"b":2}\n';
    const lines: string[] = [];
    for (const byte of Buffer.from(text)) splitter.push(Buffer.from([byte]), (line) => lines.push(line.toString()));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('nextLine hands the lines held over as text while they are all ASCII, otherwise as their bytes, in order', () => {
    const splitter = new LineSplitter();
    const seen: string[] = [];
    const take = (chunk: string) => {
      splitter.append(Buffer.from(chunk));
      for (let line = splitter.nextLine(); line !== null; line = splitter.nextLine()) {
        seen.push(typeof line === 'string' ? `text ${line}` : `bytes ${line.toString('utf8')}`);
      }
    };
    take('{"a":1}\n \n{"b":2}\n{"c"');
    take(':3}\n{"d":"\\u00e9"}\n');
    take('{"e":"é"}\n{"f":6}\n');
    expect(seen).toEqual([
      'text {"a":1}',
      'text {"b":2}',
      'text {"c":3}',
      'text {"d":"\\u00e9"}',
      // A non-ASCII byte among the lines held: they go as bytes.
      'bytes {"e":"é"}',
      'bytes {"f":6}',
    ]);
    expect(splitter.pendingBytes).toBe(0);
  });
});
