/** The errno code of a Node system error (`ENOENT`, `EISDIR` …), if it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

const PLAIN_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links in the path',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on this system',
  EEXIST: 'already exists',
  EBUSY: 'the file is busy',
};

/**
 * What went wrong with a file, in words a user reads ("does not exist", "is a
 * folder, not a file"), instead of Node's `EISDIR: illegal operation on a
 * directory, read`. The caller puts the path before it and the fix after it.
 */
export function fileProblem(error: unknown): string {
  const code = errnoCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  return PLAIN_PROBLEMS[code] ?? `the system refused it (${code})`;
}
