import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentIdentity } from '../../../domain/index.js';
import { errorMessage } from '../../../support/error-message.js';
import { PACKAGE_VERSION } from '../../../support/package-info.js';
import { untilFirstClient, withTuiOriginator } from './first-client.js';
import { startAppServer, type AppServer } from './server-process.js';
import { ThreadBridge } from './thread-bridge.js';
import { serverConfigArgs, tuiArgs } from './tui-args.js';

/** How long the TUI gets to connect before Pad-Lattice connects anyway. */
const TUI_CONNECT_WAIT_MS = 30_000;

export interface AppServerSessionStart {
  readonly codex: string;
  readonly cwd: string;
  /** The environment of both Codex processes. */
  readonly env: NodeJS.ProcessEnv;
  readonly userArgs: readonly string[];
  readonly terminalTitle: boolean;
  /** The daemon's socket. */
  readonly socketPath: string;
  readonly leaseId: string;
  readonly placeholder: AgentIdentity;
  readonly label: string | null;
}

/**
 * One interactive Codex run on an app-server of its own: the server listens
 * on a socket in a fresh 0700 folder, the TUI attaches to it (its argv is
 * `tuiArgs`), and once the TUI is connected Pad-Lattice joins as a second
 * client (thread-bridge.ts). Problems after the TUI started are kept as
 * notes, printed once the TUI gave the terminal back.
 */
export class AppServerSession {
  readonly notes: string[] = [];
  #bridge: Promise<ThreadBridge | null> = Promise.resolve(null);
  #tuiExited = false;

  private constructor(
    private readonly start: AppServerSessionStart,
    private readonly folder: string,
    private readonly socket: string,
    private readonly server: AppServer,
  ) {}

  /** Starts the server; rejects (AppServerStartError, or a folder problem) when it does not listen, leaving nothing behind. */
  static async open(start: AppServerSessionStart): Promise<AppServerSession> {
    const folder = mkdtempSync(join(start.env['XDG_RUNTIME_DIR'] || tmpdir(), 'pad-lattice-codex-'));
    const socket = join(folder, 'app.sock');
    try {
      const server = await startAppServer({
        codex: start.codex,
        socketPath: socket,
        cwd: start.cwd,
        env: withTuiOriginator(start.env),
        configArgs: serverConfigArgs(start.userArgs),
        logPath: join(folder, 'app-server.log'),
      });
      return new AppServerSession(start, folder, socket, server);
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }

  /** The TUI's arguments. */
  get tuiArgs(): string[] {
    return tuiArgs(this.socket, this.start.cwd, this.start.userArgs, this.start.terminalTitle);
  }

  /** The TUI started: join once it is connected (it must be Codex's first client). */
  tuiStarted(tui: ChildProcess): void {
    tui.once('exit', () => (this.#tuiExited = true));
    this.#bridge = this.#join();
  }

  /** The TUI exited: leave, stop the server, remove the folder. */
  async close(): Promise<void> {
    this.#tuiExited = true;
    const bridge = await this.#bridge;
    await bridge?.close();
    await this.server.stop();
    rmSync(this.folder, { recursive: true, force: true });
    // The TUI's parting words name our socket, which is gone now.
    const thread = bridge?.resumable ?? null;
    if (thread !== null) this.notes.push(`Codex’s app-server ended with the TUI; to go on with this session, run: pad-lattice codex resume ${thread}`);
  }

  async #join(): Promise<ThreadBridge | null> {
    await untilFirstClient(this.socket, () => this.#tuiExited, TUI_CONNECT_WAIT_MS);
    if (this.#tuiExited) return null;
    try {
      const bridge = await ThreadBridge.connect({ ...this.start, appServerSocket: this.socket, version: PACKAGE_VERSION });
      void bridge.lost().then(() => {
        if (!this.#tuiExited) this.notes.push('Codex’s app-server closed the connection; the pad stopped following this session');
      });
      return bridge;
    } catch (error) {
      this.notes.push(`could not follow Codex through its app-server (${errorMessage(error)}); approvals and questions stayed in the terminal`);
      return null;
    }
  }
}
