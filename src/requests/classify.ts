import { parse, type ParseEntry } from 'shell-quote';
import { APPROVAL_TIERS, type ApprovalTier } from '../domain/index.js';

/*
 * The colour tier of an approval: read_only < edit < network < destructive,
 * computed here from the tool and its command, never asked of a model. A
 * shell command is split into simple commands (at ;, &&, ||, |, &, $(…));
 * its tier is the highest of theirs. Anything not recognised is `edit`:
 * running unknown code may change files, but nothing says it reaches the
 * network or destroys data. The README's "Approval tiers" table mirrors
 * these lists.
 */

const rank = (tier: ApprovalTier): number => APPROVAL_TIERS.indexOf(tier);
const higher = (a: ApprovalTier, b: ApprovalTier): ApprovalTier => (rank(a) >= rank(b) ? a : b);

/** Tools whose name alone decides (each agent's own tools, by the name its hooks or server report). */
const TOOL_TIERS: Readonly<Record<string, ApprovalTier>> = {
  Read: 'read_only',
  Glob: 'read_only',
  Grep: 'read_only',
  LS: 'read_only',
  NotebookRead: 'read_only',
  TodoWrite: 'read_only',
  ExitPlanMode: 'read_only',
  Edit: 'edit',
  MultiEdit: 'edit',
  Write: 'edit',
  NotebookEdit: 'edit',
  apply_patch: 'edit',
  WebFetch: 'network',
  WebSearch: 'network',
  NetworkAccess: 'network',
  // Gemini CLI's tools.
  read_file: 'read_only',
  read_many_files: 'read_only',
  list_directory: 'read_only',
  grep_search: 'read_only',
  search_file_content: 'read_only',
  write_file: 'edit',
  replace: 'edit',
  web_fetch: 'network',
  google_web_search: 'network',
  // Copilot CLI's and opencode's tools (opencode names its permissions after them).
  view: 'read_only',
  read: 'read_only',
  glob: 'read_only',
  grep: 'read_only',
  list: 'read_only',
  create: 'edit',
  edit: 'edit',
  write: 'edit',
  webfetch: 'network',
  websearch: 'network',
  // The Agent Client Protocol's tool kinds, as `pad-lattice acp` names the tool (`execute` is a shell).
  search: 'read_only',
  think: 'read_only',
  switch_mode: 'read_only',
  move: 'edit',
  delete: 'destructive',
  fetch: 'network',
};

/** Tools that run a shell command (Claude Code's Bash, Codex's shell tools, Gemini CLI's run_shell_command, Copilot CLI's and opencode's bash, ACP's `execute` kind). */
const SHELL_TOOLS: ReadonlySet<string> = new Set([
  'Bash',
  'shell',
  'exec_command',
  'local_shell',
  'unified_exec',
  'BashOutput',
  'run_shell_command',
  'bash',
  'execute',
]);

const READ_ONLY_PROGRAMS = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'fd',
  'wc',
  'sort',
  'uniq',
  'cut',
  'tr',
  'echo',
  'printf',
  'pwd',
  'which',
  'whereis',
  'type',
  'whoami',
  'id',
  'date',
  'printenv',
  'stat',
  'file',
  'du',
  'df',
  'tree',
  'diff',
  'cmp',
  'jq',
  'yq',
  'awk',
  'column',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'uname',
  'hostname',
  'ps',
  'top',
  'free',
  'uptime',
  'true',
  'false',
  'test',
  '[',
  'sha256sum',
  'md5sum',
  'nl',
  'od',
  'xxd',
  'hexdump',
  'strings',
  'cd',
  'history',
  'man',
  'help',
]);

/** Programs that always talk to the network. */
const NETWORK_PROGRAMS = new Set([
  'curl',
  'wget',
  'ssh',
  'scp',
  'sftp',
  'ftp',
  'telnet',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'ping',
  'dig',
  'nslookup',
  'host',
  'http',
  'https',
  'xh',
  'gh',
  'aws',
  'gcloud',
  'az',
  'kubectl',
  'helm',
  'npx',
  'bunx',
  'pnpx',
  'rsync',
]);

/** Programs that delete or overwrite data, or stop processes and machines. */
const DESTRUCTIVE_PROGRAMS = new Set([
  'rm',
  'rmdir',
  'shred',
  'dd',
  'mkfs',
  'fdisk',
  'sfdisk',
  'parted',
  'wipefs',
  'truncate',
  'kill',
  'killall',
  'pkill',
  'shutdown',
  'reboot',
  'halt',
  'poweroff',
  'unlink',
  'srm',
]);

/** Words that run the rest of the line as a command of its own. */
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'time', 'nice', 'nohup', 'command', 'exec', 'builtin', 'xargs', 'stdbuf', 'ionice', 'timeout', 'watch']);

/** Sub-commands of package managers and VCS tools, by tier. */
const SUBCOMMANDS: Readonly<Record<string, Readonly<Record<string, ApprovalTier>>>> = {
  git: {
    status: 'read_only',
    log: 'read_only',
    diff: 'read_only',
    show: 'read_only',
    blame: 'read_only',
    'ls-files': 'read_only',
    'rev-parse': 'read_only',
    describe: 'read_only',
    grep: 'read_only',
    shortlog: 'read_only',
    reflog: 'read_only',
    fetch: 'network',
    pull: 'network',
    push: 'network',
    clone: 'network',
    'ls-remote': 'network',
    submodule: 'network',
    clean: 'destructive',
  },
  npm: {
    install: 'network',
    i: 'network',
    ci: 'network',
    add: 'network',
    publish: 'network',
    update: 'network',
    view: 'network',
    unpublish: 'destructive',
    ls: 'read_only',
    list: 'read_only',
  },
  pnpm: { install: 'network', i: 'network', add: 'network', publish: 'network', update: 'network', dlx: 'network', ls: 'read_only' },
  yarn: { install: 'network', add: 'network', publish: 'network', upgrade: 'network', dlx: 'network' },
  pip: { install: 'network', download: 'network', uninstall: 'destructive', list: 'read_only', show: 'read_only', freeze: 'read_only' },
  pip3: { install: 'network', download: 'network', uninstall: 'destructive', list: 'read_only', show: 'read_only', freeze: 'read_only' },
  cargo: { install: 'network', publish: 'network', fetch: 'network', add: 'network', update: 'network' },
  go: { get: 'network', install: 'network', mod: 'network' },
  'apt-get': { install: 'network', update: 'network', upgrade: 'network', remove: 'destructive', purge: 'destructive' },
  apt: { install: 'network', update: 'network', upgrade: 'network', remove: 'destructive', purge: 'destructive', list: 'read_only', show: 'read_only' },
  brew: { install: 'network', update: 'network', upgrade: 'network', uninstall: 'destructive', list: 'read_only' },
  docker: {
    pull: 'network',
    push: 'network',
    login: 'network',
    rm: 'destructive',
    rmi: 'destructive',
    prune: 'destructive',
    kill: 'destructive',
    ps: 'read_only',
    images: 'read_only',
    logs: 'read_only',
  },
  terraform: { destroy: 'destructive', apply: 'network', plan: 'network', init: 'network' },
};

/** Options that make an otherwise ordinary sub-command destructive. */
function destructiveFlags(program: string, words: readonly string[]): boolean {
  const has = (...flags: string[]) => words.some((word) => flags.includes(word) || flags.some((flag) => flag.startsWith('--') && word.startsWith(`${flag}=`)));
  const sub = words[0];
  if (program === 'git') {
    if (sub === 'push' && (has('--force', '-f', '--force-with-lease', '--delete', '-d', '--mirror') || words.some((w) => /^\+/.test(w) || /^:/.test(w))))
      return true;
    if (sub === 'reset' && has('--hard')) return true;
    if (sub === 'branch' && has('-D', '--delete', '-d')) return true;
    if ((sub === 'checkout' || sub === 'restore') && (has('--', '.') || has('-f', '--force'))) return sub === 'restore' || has('--');
    if (sub === 'stash' && (words[1] === 'drop' || words[1] === 'clear')) return true;
    if (sub === 'tag' && has('-d', '--delete')) return true;
  }
  if (program === 'find' && has('-delete', '-exec', '-execdir', '-ok')) return words.includes('-delete') || words.some((w) => DESTRUCTIVE_PROGRAMS.has(w));
  if ((program === 'chmod' || program === 'chown' || program === 'chgrp') && has('-R', '--recursive')) return true;
  if (program === 'mv' && words.includes('/dev/null')) return true;
  if ((program === 'psql' || program === 'mysql' || program === 'sqlite3') && words.some((w) => /\b(drop|truncate|delete\s+from)\b/i.test(w))) return true;
  if (program === 'kubectl' && sub === 'delete') return true;
  if (program === 'docker' && (sub === 'system' || sub === 'volume' || sub === 'image' || sub === 'container') && words.includes('prune')) return true;
  if (program === 'docker' && (sub === 'volume' || sub === 'image' || sub === 'container') && words[1] === 'rm') return true;
  return false;
}

/** The tier of one simple command: its words, environment assignments already removed. */
function commandTier(words: readonly string[]): ApprovalTier {
  let at = 0;
  let floor: ApprovalTier = 'read_only';
  // Skip wrappers (and their own options and numeric arguments), keeping sudo's weight.
  while (at < words.length && WRAPPERS.has(basename(words[at]!))) {
    if (basename(words[at]!) === 'sudo' || basename(words[at]!) === 'doas') floor = 'edit';
    at += 1;
    while (at < words.length && (words[at]!.startsWith('-') || /^\d+[smhd]?$/.test(words[at]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at]!))) at += 1;
  }
  if (at >= words.length) return floor;
  const program = basename(words[at]!);
  const rest = words.slice(at + 1);
  return higher(floor, programTier(program, rest));
}

function programTier(program: string, rest: readonly string[]): ApprovalTier {
  if (DESTRUCTIVE_PROGRAMS.has(program) || /^mkfs(\.|$)/.test(program)) return 'destructive';
  if (destructiveFlags(program, rest)) return 'destructive';
  if (NETWORK_PROGRAMS.has(program)) return 'network';
  const sub = rest.find((word) => !word.startsWith('-'));
  const table = SUBCOMMANDS[program];
  if (table !== undefined && sub !== undefined && Object.hasOwn(table, sub)) return table[sub]!;
  if (program === 'git' && rest.length === 0) return 'read_only';
  if (program === 'sed' || program === 'perl') return rest.some((word) => /^-i/.test(word) || word === '--in-place') ? 'edit' : 'read_only';
  if (program === 'find') return rest.some((word) => word === '-fprint' || word === '-fprintf') ? 'edit' : 'read_only';
  if (program === 'git' && sub === 'branch' && rest.length === 1) return 'read_only';
  if (READ_ONLY_PROGRAMS.has(program)) return 'read_only';
  return 'edit';
}

function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '|&', '(', ')', ';;', '\n']);
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>']);

/** Splits a shell command into simple commands; a `>` to a file makes its command at least `edit`. */
function shellTier(command: string): ApprovalTier {
  let entries: ParseEntry[];
  try {
    // Variables stay as written ($HOME): the words, not their values, decide.
    entries = parse(command.replace(/\$\(/g, '; ').replace(/`/g, ' ; '), (name) => `$${name}`);
  } catch {
    return 'edit';
  }
  let tier: ApprovalTier = 'read_only';
  let words: string[] = [];
  let redirectNext = false;
  const finish = () => {
    // Leading NAME=value words set the environment; the program comes after them.
    const firstWord = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    if (firstWord >= 0) tier = higher(tier, commandTier(words.slice(firstWord)));
    words = [];
  };
  for (const entry of entries) {
    if (typeof entry === 'string') {
      if (redirectNext) {
        redirectNext = false;
        if (entry !== '/dev/null' && !/^&?\d$/.test(entry)) tier = higher(tier, 'edit');
        continue;
      }
      words.push(entry);
    } else if ('op' in entry) {
      if (entry.op === 'glob') words.push(entry.pattern);
      else if (WRITE_REDIRECTS.has(entry.op)) redirectNext = true;
      else if (SEPARATORS.has(entry.op)) finish();
    }
  }
  finish();
  return tier;
}

/** Commands longer than this are read this far, and count as at least `edit`. */
const SCANNED_COMMAND_LENGTH = 16_384;

/** The tier of an approval for `tool` acting on `subject` (its command, file or URL). */
export function classifyToolCall(tool: string, subject: string): ApprovalTier {
  if (Object.hasOwn(TOOL_TIERS, tool)) return TOOL_TIERS[tool]!;
  // MCP tools (mcp__server__tool) reach another program, usually a remote service.
  if (tool.startsWith('mcp__')) return 'network';
  if (!SHELL_TOOLS.has(tool) || subject.trim() === '') return 'edit';
  const tier = shellTier(subject.slice(0, SCANNED_COMMAND_LENGTH));
  return subject.length > SCANNED_COMMAND_LENGTH ? higher(tier, 'edit') : tier;
}
