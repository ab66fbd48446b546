/*
 * Options that change what a program does to the machine: those that make an
 * ordinary sub-command destructive, and those that make a reading program
 * write a file (`sort -o`, `git diff --output`).
 */

/** True when `words` hold one of `flags`, or `--flag=value` for a long one. */
function hasFlag(words: readonly string[], ...flags: string[]): boolean {
  return words.some((word) => flags.includes(word) || flags.some((flag) => flag.startsWith('--') && word.startsWith(`${flag}=`)));
}

/** A short option given alone or with its value attached (`-o`, `-ofile`). */
function hasShortOption(words: readonly string[], letter: string): boolean {
  return words.some((word) => word === `-${letter}` || (word.startsWith(`-${letter}`) && !word.startsWith('--')));
}

/** The words that are neither options nor option values we know of. */
function operands(words: readonly string[]): string[] {
  return words.filter((word) => !word.startsWith('-'));
}

/** Options that make an otherwise ordinary sub-command destructive. */
export function destructiveFlags(program: string, words: readonly string[]): boolean {
  const has = (...flags: string[]) => hasFlag(words, ...flags);
  const sub = words[0];
  if (program === 'git') {
    if (sub === 'push' && (has('--force', '-f', '--force-with-lease', '--delete', '-d', '--mirror') || words.some((w) => /^\+/.test(w) || /^:/.test(w))))
      return true;
    if (sub === 'reset' && has('--hard')) return true;
    if (sub === 'branch' && has('-D', '--delete', '-d')) return true;
    if ((sub === 'checkout' || sub === 'restore') && (has('--', '.') || has('-f', '--force'))) return sub === 'restore' || has('--');
    if (sub === 'stash' && (words[1] === 'drop' || words[1] === 'clear')) return true;
    if (sub === 'tag' && has('-d', '--delete')) return true;
    if (sub === 'reflog' && (words[1] === 'expire' || words[1] === 'delete')) return true;
  }
  if (program === 'find' && words.includes('-delete')) return true;
  if ((program === 'chmod' || program === 'chown' || program === 'chgrp') && has('-R', '--recursive')) return true;
  if (program === 'mv' && words.includes('/dev/null')) return true;
  if ((program === 'psql' || program === 'mysql' || program === 'sqlite3') && words.some((w) => /\b(drop|truncate|delete\s+from)\b/i.test(w))) return true;
  if (program === 'kubectl' && sub === 'delete') return true;
  if (program === 'docker' && (sub === 'system' || sub === 'volume' || sub === 'image' || sub === 'container') && words.includes('prune')) return true;
  if (program === 'docker' && (sub === 'volume' || sub === 'image' || sub === 'container') && words[1] === 'rm') return true;
  return false;
}

/** Sub-commands of git that only read, unless told to write their output to a file. */
const GIT_OUTPUT_SUBCOMMANDS: ReadonlySet<string> = new Set(['diff', 'log', 'show', 'range-diff', 'whatchanged']);

/**
 * Options and operand counts with which a program this module otherwise
 * rates read-only writes files, changes the machine or runs a command of
 * its choosing (`rg --pre`, `man --pager`, `git grep -O`).
 */
export function writingFlags(program: string, words: readonly string[]): boolean {
  const has = (...flags: string[]) => hasFlag(words, ...flags);
  switch (program) {
    case 'git':
      if (GIT_OUTPUT_SUBCOMMANDS.has(words[0] ?? '') && has('--output')) return true;
      return words[0] === 'grep' && (hasShortOption(words, 'O') || has('--open-files-in-pager'));
    case 'sort':
      return hasShortOption(words, 'o') || has('--output');
    case 'tree':
      return hasShortOption(words, 'o');
    case 'less':
      return hasShortOption(words, 'o') || hasShortOption(words, 'O') || has('--log-file', '--LOG-FILE');
    case 'uniq':
    case 'xxd':
      // `uniq IN OUT`, `xxd IN OUT` write OUT.
      return operands(words).length >= 2;
    case 'yq':
      return hasShortOption(words, 'i') || has('--inplace');
    case 'date':
      return hasShortOption(words, 's') || has('--set');
    case 'hostname':
      return operands(words).length > 0 || hasShortOption(words, 'F') || has('--file');
    case 'history':
      return words.some((word) => /^-[a-z]*[cdwanps]/.test(word));
    case 'file':
      return hasShortOption(words, 'C') || has('--compile');
    case 'find':
      return has('-fls', '-fprint', '-fprint0', '-fprintf');
    case 'rg':
      return has('--pre');
    case 'ag':
      return has('--pager');
    case 'man':
      return hasShortOption(words, 'P') || hasShortOption(words, 'H') || has('--pager', '--html');
    default:
      return false;
  }
}

/**
 * The commands a program runs for each file it finds (`find -exec CMD … ;`,
 * `fd -x CMD`), each as its words; `find -ok` and `-execdir` count.
 */
export function executedCommands(program: string, words: readonly string[]): (readonly string[])[] {
  const starts =
    program === 'find' ? ['-exec', '-execdir', '-ok', '-okdir'] : program === 'fd' || program === 'fdfind' ? ['-x', '-X', '--exec', '--exec-batch'] : [];
  const commands: (readonly string[])[] = [];
  for (let at = 0; at < words.length; at += 1) {
    if (!starts.includes(words[at]!)) continue;
    const end = words.findIndex((word, index) => index > at && (word === ';' || word === '+'));
    commands.push(words.slice(at + 1, end < 0 ? words.length : end));
    if (end > at) at = end;
  }
  return commands;
}
