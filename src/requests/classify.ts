import { parse, type ParseEntry } from 'shell-quote';
import type { ApprovalTier } from '../domain/index.js';
import { codeTier, inlineCodeTier } from './inline-code.js';
import { destructiveFlags, executedCommands, writingFlags } from './option-tiers.js';
import { DESTRUCTIVE_PROGRAMS, NETWORK_PROGRAMS, READ_ONLY_PROGRAMS, SHELL_TOOLS, SUBCOMMANDS, TOOL_TIERS, WRAPPERS } from './program-tiers.js';
import { shellParts } from './shell-parts.js';
import { higher } from './tiers.js';

/*
 * The colour tier of an approval: read_only < edit < network < destructive,
 * computed here from the tool and its command, never asked of a model. A
 * shell command is cut into every command it runs — each line, each part
 * between `;`, `&&`, `||`, `|`, `&`, each `$(…)`, backtick and process
 * substitution (shell-parts.ts), the script of `sh -c` and `eval`, the
 * command of `find -exec` — and its tier is the highest of theirs. Anything
 * not recognised is `edit`: running unknown code may change files, but
 * nothing says it reaches the network or destroys data.
 */

/** How many shells deep (`bash -c "sh -c …"`) scripts are read as command lines; deeper ones are only scanned for names. */
const MAX_SCRIPT_DEPTH = 8;

/** The tier of one simple command: its words, environment assignments already removed. */
function commandTier(words: readonly string[], stdin: readonly string[], depth: number): ApprovalTier {
  let at = 0;
  let floor: ApprovalTier = 'read_only';
  // Skip wrappers (and their own options and numeric arguments), keeping sudo's weight.
  while (at < words.length && WRAPPERS.has(basename(words[at]!))) {
    if (basename(words[at]!) === 'sudo' || basename(words[at]!) === 'doas') floor = 'edit';
    at += 1;
    while (at < words.length && (words[at]!.startsWith('-') || /^\d+[smhd]?$/.test(words[at]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at]!))) at += 1;
  }
  if (at >= words.length) return floor;
  return higher(floor, programTier(basename(words[at]!), words.slice(at + 1), stdin, depth));
}

function programTier(program: string, rest: readonly string[], stdin: readonly string[], depth: number): ApprovalTier {
  if (DESTRUCTIVE_PROGRAMS.has(program) || /^mkfs(\.|$)/.test(program)) return 'destructive';
  if (destructiveFlags(program, rest)) return 'destructive';
  // `find -exec CMD ;` runs CMD: the worse of the two counts.
  const executed = executedCommands(program, rest).reduce<ApprovalTier>((tier, words) => higher(tier, commandTier(words, [], depth)), 'read_only');
  return higher(executed, ownTier(program, rest, stdin, depth));
}

function ownTier(program: string, rest: readonly string[], stdin: readonly string[], depth: number): ApprovalTier {
  if (NETWORK_PROGRAMS.has(program)) return 'network';
  const code = codeTier(program, rest, stdin, (script) => (depth < MAX_SCRIPT_DEPTH ? shellTier(script, depth + 1) : inlineCodeTier(script)));
  if (code !== null) return code;
  if (writingFlags(program, rest)) return 'edit';
  const sub = rest.find((word) => !word.startsWith('-'));
  const table = SUBCOMMANDS[program];
  if (table !== undefined && sub !== undefined && Object.hasOwn(table, sub)) return table[sub]!;
  // `git` alone prints its help; `git branch` alone lists branches.
  if (program === 'git' && (rest.length === 0 || (sub === 'branch' && rest.length === 1))) return 'read_only';
  if (READ_ONLY_PROGRAMS.has(program)) return 'read_only';
  return 'edit';
}

function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', '(', ')', ';;', '<(', '>(']);
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>']);
/** Redirections whose next word is what the command reads on stdin: a here-document's delimiter, a here-string. */
const STDIN_TEXT = new Set(['<<', '<<<']);

/** The highest tier of every command the shell command line would run. */
function shellTier(command: string, depth = 0): ApprovalTier {
  return shellParts(command).reduce<ApprovalTier>((tier, part) => higher(tier, partTier(part.text, part.hereDocs, depth)), 'read_only');
}

/** One command list: split into simple commands; a `>` to a file makes its command at least `edit`. */
function partTier(text: string, hereDocs: readonly string[], depth: number): ApprovalTier {
  let entries: ParseEntry[];
  try {
    // Variables stay as written ($HOME): the words, not their values, decide.
    entries = parse(text, (name) => `$${name}`);
  } catch {
    return 'edit';
  }
  let tier: ApprovalTier = 'read_only';
  let words: string[] = [];
  let stdin: string[] = [];
  let nextHereDoc = 0;
  let redirect: 'write' | 'stdin' | 'here-doc' | null = null;
  const finish = () => {
    // Leading NAME=value words set the environment; the program comes after them.
    const firstWord = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    if (firstWord >= 0) tier = higher(tier, commandTier(words.slice(firstWord), stdin, depth));
    words = [];
    stdin = [];
  };
  for (const entry of entries) {
    if (typeof entry === 'string') {
      if (redirect === 'write' && entry !== '/dev/null' && !/^&?\d$/.test(entry)) tier = higher(tier, 'edit');
      else if (redirect === 'stdin') stdin.push(entry);
      else if (redirect === 'here-doc') stdin.push(hereDocs[nextHereDoc++] ?? '');
      else if (redirect === null) words.push(entry);
      redirect = null;
    } else if ('op' in entry) {
      if (entry.op === 'glob') words.push(entry.pattern);
      else if (WRITE_REDIRECTS.has(entry.op)) redirect = 'write';
      else if (STDIN_TEXT.has(entry.op)) redirect = entry.op === '<<' ? 'here-doc' : 'stdin';
      else if (SEPARATORS.has(entry.op)) finish();
    }
  }
  finish();
  return tier;
}

/** Commands longer than this are read this far, and count as at least `edit`. */
export const SCANNED_COMMAND_LENGTH = 16_384;

/** The tier of an approval for `tool` acting on `subject` (its command, file or URL). */
export function classifyToolCall(tool: string, subject: string): ApprovalTier {
  if (Object.hasOwn(TOOL_TIERS, tool)) return TOOL_TIERS[tool]!;
  // MCP tools (mcp__server__tool) reach another program, usually a remote service.
  if (tool.startsWith('mcp__')) return 'network';
  if (!SHELL_TOOLS.has(tool) || subject.trim() === '') return 'edit';
  const tier = shellTier(subject.slice(0, SCANNED_COMMAND_LENGTH));
  return subject.length > SCANNED_COMMAND_LENGTH ? higher(tier, 'edit') : tier;
}
