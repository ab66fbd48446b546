import type { ApprovalTier } from '../domain/index.js';
import { DESTRUCTIVE_PROGRAMS, NETWORK_PROGRAMS } from './program-tiers.js';
import { higher } from './tiers.js';

/*
 * Programs that run code handed to them on the command line or on stdin:
 * shells (`bash -c`, `eval`), interpreters (`python -c`, `perl -e`,
 * `node -e`), and the two text tools with a way out to the shell or the
 * file system (`awk` with `system()`, pipes or `print >`; `sed` with its
 * `e` and `w` commands). None of them is read-only when it does so. A
 * shell's script is classified like any command line; other inline code is
 * at least `edit`, and rises to `network` or `destructive` when it names a
 * program of that tier or a URL (a heuristic: the code is not run or
 * parsed, only read).
 */

/** Classifies a shell script (the caller's own classifier, one level deeper). */
export type ScriptClassifier = (script: string) => ApprovalTier;

export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
const AWKS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);
const SEDS: ReadonlySet<string> = new Set(['sed', 'gsed']);

/** Interpreters and the options after which their code follows (a short one may be bundled: `-ne`, `-Bc`). */
const INLINE_CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  node: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  php: ['-r'],
  lua: ['-e'],
  Rscript: ['-e'],
  osascript: ['-e'],
  pwsh: ['-c', '-Command'],
};

/** `python3.12` is python, `nodejs` is node. */
function interpreterOf(program: string): string | null {
  if (/^python[0-9.]*$/.test(program)) return 'python';
  if (program === 'nodejs') return 'node';
  if (program === 'powershell') return 'pwsh';
  return Object.hasOwn(INLINE_CODE_OPTIONS, program) ? program : null;
}

const PROGRAM_WORD = (names: Iterable<string>) =>
  new RegExp(String.raw`(?<![\w.-])(?:${[...names].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\w-])`);
const DESTRUCTIVE_WORD = PROGRAM_WORD([...DESTRUCTIVE_PROGRAMS, 'mkfs']);
const NETWORK_WORD = PROGRAM_WORD(NETWORK_PROGRAMS);

/** Code we only read: at least `edit`; `destructive` or `network` when it names such a program (or a URL). */
export function inlineCodeTier(code: string): ApprovalTier {
  if (DESTRUCTIVE_WORD.test(code)) return 'destructive';
  if (NETWORK_WORD.test(code) || code.includes('://')) return 'network';
  return 'edit';
}

/**
 * The values of `options` in `words` (`-e CODE`, `-eCODE`, `--eval=CODE`,
 * and a bundle ending in the letter, `-ne CODE`).
 */
function optionValues(words: readonly string[], options: readonly string[]): string[] {
  const values: string[] = [];
  const letters = options.filter((option) => /^-[A-Za-z]$/.test(option)).map((option) => option[1]!);
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at]!;
    const next = words[at + 1];
    const long = options.find((option) => option.length > 2 && word.startsWith(`${option}=`));
    if (long !== undefined) values.push(word.slice(long.length + 1));
    else if (options.includes(word) && next !== undefined) values.push(next);
    else if (/^-[A-Za-z]+/.test(word) && !word.startsWith('--')) {
      const letterAt = [...word.slice(1)].findIndex((char) => letters.includes(char));
      if (letterAt < 0) continue;
      const attached = word.slice(letterAt + 2);
      if (attached !== '') values.push(attached);
      else if (next !== undefined) values.push(next);
    }
  }
  return values;
}

/** What `program` with `rest` runs as code, or null when it is not a program that runs code. */
export function codeTier(program: string, rest: readonly string[], stdin: readonly string[], classify: ScriptClassifier): ApprovalTier | null {
  if (SHELLS.has(program)) return shellTier(rest, stdin, classify);
  if (program === 'eval') return rest.length === 0 ? 'read_only' : classify(rest.join(' '));
  if (AWKS.has(program)) return awkTier(rest);
  if (SEDS.has(program)) return sedTier(rest);
  const interpreter = interpreterOf(program);
  if (interpreter === null) return null;
  const codes = [...optionValues(rest, INLINE_CODE_OPTIONS[interpreter]!), ...stdin];
  return worst(codes.map(inlineCodeTier), 'edit');
}

function worst(tiers: readonly ApprovalTier[], floor: ApprovalTier): ApprovalTier {
  return tiers.reduce(higher, floor);
}

/** `sh -c SCRIPT`, `bash -lc SCRIPT`, `bash <<EOF`: the script is a command line; a script file is unknown code. */
function shellTier(rest: readonly string[], stdin: readonly string[], classify: ScriptClassifier): ApprovalTier {
  const scripts = optionValues(rest, ['-c']);
  const runsFile = scripts.length === 0 && rest.some((word) => !word.startsWith('-'));
  if (scripts.length === 0 && stdin.length === 0) return 'edit';
  const tiers = [...scripts, ...stdin].map(classify);
  return worst(tiers, runsFile ? 'edit' : 'read_only');
}

/** awk reads and prints, unless its program calls `system()`, pipes, or prints into a file. */
function awkTier(rest: readonly string[]): ApprovalTier {
  const programs: string[] = [];
  for (let at = 0; at < rest.length; at += 1) {
    const word = rest[at]!;
    // A program file or an include is code we cannot see.
    if (/^-[fi]/.test(word) || word.startsWith('--file') || word.startsWith('--include')) return 'edit';
    if (word === '-F' || word === '-v') {
      at += 1;
    } else if (word === '-e' || word === '--source') {
      programs.push(rest[at + 1] ?? '');
      at += 1;
    } else if (word.startsWith('--source=')) {
      programs.push(word.slice('--source='.length));
    } else if (!word.startsWith('-') && programs.length === 0) {
      programs.push(word);
      break;
    }
  }
  return worst(programs.map(awkProgramTier), 'read_only');
}

function awkProgramTier(program: string): ApprovalTier {
  // Strings and regular expressions may hold `|` and `>` that are only text.
  const bare = program.replace(/"(?:\\.|[^"\\])*"/g, '""').replace(/(^|[\s(~!,{;&|])\/(?:\\.|[^/\\\n])*\//g, '$1//');
  const escapes = /\bsystem\s*\(/.test(bare) || /(?<!\|)\|(?!\|)/.test(bare) || /\bprintf?\b[^;{}\n]*>/.test(bare);
  return escapes ? inlineCodeTier(program) : 'read_only';
}

/** sed reads and prints, unless it edits in place, reads its script from a file, or uses `e` or `w`. */
function sedTier(rest: readonly string[]): ApprovalTier {
  if (rest.some((word) => /^-[a-zA-Z]*i/.test(word) || word.startsWith('--in-place'))) return 'edit';
  if (rest.some((word) => /^-[a-zA-Z]*f/.test(word) || word === '--file' || word.startsWith('--file='))) return 'edit';
  const scripts = optionValues(rest, ['-e', '--expression']);
  if (scripts.length === 0) {
    const first = rest.find((word) => !word.startsWith('-'));
    if (first !== undefined) scripts.push(first);
  }
  return worst(scripts.map(sedScriptTier), 'read_only');
}

/** The `e` command (run a command), the `w`/`W` commands (write a file), and the `e` and `w` flags of `s`. */
const SED_COMMAND = /(?:^|[;\n{}!\s\d$/])\s*([ewW])(?=\s|$|;|})/;
const SED_S_FLAGS = /s([^\\\n])(?:\\.|(?!\1)[^\\\n])*\1(?:\\.|(?!\1)[^\\\n])*\1[gpiImM0-9]*([ew])/;

function sedScriptTier(script: string): ApprovalTier {
  const command = SED_COMMAND.exec(script)?.[1] ?? SED_S_FLAGS.exec(script)?.[2];
  if (command === undefined) return 'read_only';
  return command === 'e' ? inlineCodeTier(script) : 'edit';
}
