import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { normalizePosixPath, sessionLabel } from '../../src/daemon/control-plane/label.js';

const identity = makeIdentity('codex', 'session-identifier-1');

describe('control-plane.md §21', () => {
  it('scenario 60: label metadata wins over cwd; cwd final component; root falls back; dot kept; short id', () => {
    expect(sessionLabel(identity, { label: 'docs', cwd: '/home/dev/proj' })).toBe('docs');
    expect(sessionLabel(identity, { cwd: '/home/dev/proj/' })).toBe('proj');
    expect(sessionLabel(identity, { cwd: '/' })).toBe('session-');
    expect(sessionLabel(identity, { cwd: '.' })).toBe('.');
    expect(sessionLabel(makeIdentity('codex', 'abc'), {})).toBe('abc');
  });
});

describe('control-plane.md §14 labels', () => {
  it.each([
    ['/home/dev/project', 'project'],
    ['/home/dev/project/', 'project'],
    ['///a//b/', 'b'],
    ['/a/b/..', 'a'],
    ['foo/./bar', 'bar'],
    ['//srv/x', 'x'],
    ['.', '.'],
    ['a/..', '.'],
    ['..', '..'],
    ['C:\\x\\y', 'C:\\x\\y'],
  ])('cwd %j gives the label %j', (cwd, label) => {
    expect(sessionLabel(identity, { cwd })).toBe(label);
  });

  it.each(['/', '//', '/..'])('cwd %j has an empty final component and falls back to the session id prefix', (cwd) => {
    expect(sessionLabel(identity, { cwd })).toBe('session-');
  });

  it('slices the session id by code points, not UTF-16 units', () => {
    expect(sessionLabel(makeIdentity('codex', 'é😀abcdefghij'), {})).toBe('é😀abcdef');
    expect(sessionLabel(makeIdentity('codex', '😀😀😀😀😀😀😀😀😀'), {})).toBe('😀'.repeat(8));
  });

  it('returns a label verbatim, control characters included', () => {
    expect(sessionLabel(identity, { label: 'a\u0007b/c' })).toBe('a\u0007b/c');
  });

  it.each([
    ['', '.'],
    ['/', '/'],
    ['//', '//'],
    ['///', '/'],
    ['//a/../b', '//b'],
    ['/..', '/'],
    ['/../a', '/a'],
    ['../../a', '../../a'],
    ['a/../../b', '../b'],
    ['a/b/../../..', '..'],
    ['./a/./b/.', 'a/b'],
  ])('normalizePosixPath(%j) is %j, as posixpath.normpath gives', (path, normalized) => {
    expect(normalizePosixPath(path)).toBe(normalized);
  });
});
