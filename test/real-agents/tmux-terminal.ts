import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote } from '../../src/agents/shared/python-format.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';

/*
 * A real pseudo-terminal for a program under test: a tmux server of its own (a unique `-L`
 * socket name, so tests never meet each other's or a developer's sessions), one window of a fixed
 * size, read with capture-pane and driven with send-keys. The pane's shell writes the program's
 * exit status to a file the moment it exits: the pane itself can outlive the program while a
 * background process the program left (Codex's sandbox helpers) still holds the terminal.
 */

let started = 0;

export interface TerminalStart {
  /** The program and its arguments. */
  readonly command: readonly string[];
  readonly cwd: string;
  /** The program's environment (nothing is inherited; TERM defaults to tmux's own `tmux-256color`). */
  readonly env: Readonly<Record<string, string>>;
  readonly width?: number;
  readonly height?: number;
}

export class TmuxTerminal {
  #socketPath: string | null = null;

  private constructor(
    readonly server: string,
    private readonly statusFile: string,
  ) {}

  static start(start: TerminalStart): TmuxTerminal {
    started += 1;
    const server = `pl-ra-${process.pid}-${started}`;
    const dir = privateTempDir('pl-ra-tmux-');
    const config = join(dir, 'tmux.conf');
    const statusFile = join(dir, 'exit-status');
    // No user configuration; keep the pane (and the program's last screen) after it exits.
    writeFileSync(config, 'set -g remain-on-exit on\nset -g history-limit 5000\n');
    const env = Object.entries({ TERM: 'tmux-256color', ...start.env }).map(([name, value]) => `${name}=${value}`);
    // Programs learn they run inside tmux from TMUX, which tmux sets for the pane's shell; keep it.
    const program = `env -i TMUX="$TMUX" TERM_PROGRAM=tmux ${[...env, ...start.command].map(shellQuote).join(' ')}`;
    const command = `${program}; echo $? > ${shellQuote(`${statusFile}.tmp`)} && mv ${shellQuote(`${statusFile}.tmp`)} ${shellQuote(statusFile)}`;
    const terminal = new TmuxTerminal(server, statusFile);
    terminal.tmux(['-f', config, 'new-session', '-d', '-x', String(start.width ?? 200), '-y', String(start.height ?? 50), '-c', start.cwd, command]);
    terminal.#socketPath = terminal.tmux(['display-message', '-p', '#{socket_path}']).trim();
    return terminal;
  }

  /** The visible screen, wrapped lines joined. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-J']);
  }

  /** The terminal title the program set (OSC 0/2), as tmux keeps it. */
  title(): string {
    return this.tmux(['display-message', '-p', '#{pane_title}']).trimEnd();
  }

  /** The title tmux gives a pane nobody titled: the host name. */
  defaultTitle(): string {
    return this.tmux(['display-message', '-p', '#{host}']).trimEnd();
  }

  /** The program's exit status once it exited (128 + n when signal n ended it), else null. */
  exitStatus(): number | null {
    return existsSync(this.statusFile) ? Number(readFileSync(this.statusFile, 'utf8').trim()) : null;
  }

  /** Types `text` literally. */
  type(text: string): void {
    this.tmux(['send-keys', '-l', text]);
  }

  /** Presses keys by tmux name (`Enter`, `Escape`, `C-c`, `y` …). */
  press(...keys: string[]): void {
    this.tmux(['send-keys', ...keys]);
  }

  /**
   * Presses `key` (again every half second) until the screen matches `shown`: a menu drawn
   * before it takes input drops a key pressed too early.
   */
  async pressUntil(key: string, shown: RegExp, what: string, timeoutMs = 15_000): Promise<void> {
    let lastPress = 0;
    await this.waitUntil(
      (screen) => {
        if (shown.test(screen)) return true;
        if (Date.now() - lastPress >= 500) {
          lastPress = Date.now();
          this.press(key);
        }
        return false;
      },
      what,
      timeoutMs,
    );
  }

  /** Waits until the screen matches `pattern`; the failure shows the screen. */
  waitFor(pattern: RegExp, what: string, timeoutMs = 30_000): Promise<void> {
    return this.waitUntil((screen) => pattern.test(screen), what, timeoutMs);
  }

  private async waitUntil(check: (screen: string) => boolean, what: string, timeoutMs: number): Promise<void> {
    try {
      await until(() => check(this.screen()), what, timeoutMs, 50);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- screen ---\n${this.screen()}`);
    }
  }

  /** Ends the program and the tmux server, and removes the server's socket file (tmux leaves it behind). */
  close(): void {
    try {
      this.tmux(['kill-server']);
    } catch {
      // Already gone.
    }
    if (this.#socketPath !== null) rmSync(this.#socketPath, { force: true });
  }

  private tmux(args: readonly string[]): string {
    return execFileSync('tmux', ['-L', this.server, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
}
