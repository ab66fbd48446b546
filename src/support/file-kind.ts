import type { Stats } from 'node:fs';

/** What a file system entry is, in the words messages use ("a regular file", "a FIFO" …), for saying why a path is not what was wanted. */
export function fileKind(
  stats: Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket' | 'isSymbolicLink'>,
): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return stats.isSymbolicLink() ? 'a link' : 'something else';
}
