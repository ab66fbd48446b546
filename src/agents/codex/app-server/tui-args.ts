/*
 * The command lines of the two Codex processes: the app-server, which does
 * the work (model, tools, approvals, MCP servers: its configuration counts),
 * and the TUI attached to it with `--remote`, which only draws and reads keys.
 */

/** Codex options that configure what the server does, copied from the user's arguments to the server's. */
const CONFIG_OPTIONS = ['-c', '--config', '--enable', '--disable'];

/** The options among the user's Codex arguments that the server must see too (as pairs, `--opt=value` kept whole). */
export function serverConfigArgs(userArgs: readonly string[]): string[] {
  const copied: string[] = [];
  for (let index = 0; index < userArgs.length; index += 1) {
    const arg = userArgs[index] ?? '';
    if (arg === '--') break;
    if (CONFIG_OPTIONS.some((option) => option.startsWith('--') && arg.startsWith(`${option}=`))) copied.push(arg);
    else if (CONFIG_OPTIONS.includes(arg) && index + 1 < userArgs.length) {
      copied.push(arg, userArgs[index + 1] ?? '');
      index += 1;
    }
  }
  return copied;
}

/** True when the user's arguments already name an option (`-C`, `--cd` …), as `-C X`, `--cd X` or `--cd=X`. */
export function namesOption(userArgs: readonly string[], names: readonly string[]): boolean {
  const end = userArgs.indexOf('--');
  return (end === -1 ? userArgs : userArgs.slice(0, end)).some((arg) => names.some((name) => arg === name || arg.startsWith(`${name}=`)));
}

/**
 * `codex --remote unix://<socket> -C <cwd> [-c tui.terminal_title=[]] <user args…>`.
 * Without `-C` the thread would work in the server's folder rather than the
 * user's, so it is added unless the user chose one; the title override lets
 * the launcher own the terminal title, as on the hook path.
 */
export function tuiArgs(appServerSocket: string, cwd: string, userArgs: readonly string[], terminalTitle: boolean): string[] {
  const cd = namesOption(userArgs, ['-C', '--cd']) ? [] : ['-C', cwd];
  const title = terminalTitle ? ['-c', 'tui.terminal_title=[]'] : [];
  return ['--remote', `unix://${appServerSocket}`, ...cd, ...title, ...userArgs];
}
