import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./fake-grid-process.mjs', import.meta.url));

export interface FakeGridState {
  readonly levels: number[];
  readonly errors: string[];
  readonly messages: number;
}

/**
 * A fake grid process behind a real pseudo-terminal pair: socat makes the pty
 * (its daemon end appears at `link`) and runs fake-grid-process.mjs on the
 * other end. `unplug` kills socat, which removes the pty and the link, as a
 * pulled USB cable removes /dev/ttyUSB0.
 */
export class FakeGridProcess {
  readonly #socat: ChildProcess;
  #exited: Promise<void>;

  private constructor(
    readonly link: string,
    readonly control: string,
    socat: ChildProcess,
  ) {
    this.#socat = socat;
    this.#exited = new Promise((resolve) => socat.once('exit', () => resolve()));
  }

  static async start(link: string, control: string, options: { columns?: number; rows?: number; id?: string } = {}): Promise<FakeGridProcess> {
    const env = {
      ...process.env,
      FAKE_GRID_CONTROL: control,
      FAKE_GRID_COLUMNS: String(options.columns ?? 16),
      FAKE_GRID_ROWS: String(options.rows ?? 8),
      FAKE_GRID_ID: options.id ?? 'm1000123',
    };
    const socat = spawn('socat', [`pty,raw,echo=0,link=${link}`, `EXEC:${process.execPath} ${SCRIPT}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    socat.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const grid = new FakeGridProcess(link, control, socat);
    const deadline = Date.now() + 10_000;
    // The control socket's file appears at bind, a moment before it listens: wait for the grid's own "ready".
    while (!(existsSync(link) && stderr.includes('fake grid: ready'))) {
      if (Date.now() > deadline || socat.exitCode !== null) throw new Error(`the fake grid did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return grid;
  }

  press(x: number, y: number): Promise<unknown> {
    return this.#request({ press: [x, y] });
  }

  /** Raw bytes from the grid, as if its firmware wrote them. */
  send(bytes: readonly number[]): Promise<unknown> {
    return this.#request({ send: bytes });
  }

  state(): Promise<FakeGridState> {
    return this.#request({ state: true }) as Promise<FakeGridState>;
  }

  async level(x: number, y: number, columns = 16): Promise<number> {
    return (await this.state()).levels[y * columns + x]!;
  }

  /** Kills socat (and with it the pty and the grid process). */
  async unplug(): Promise<void> {
    if (this.#socat.exitCode === null) this.#socat.kill('SIGTERM');
    await this.#exited;
  }

  #request(request: object): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.control);
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\n')) {
          socket.end();
          resolve(JSON.parse(text));
        }
      });
      socket.on('error', reject);
      socket.write(`${JSON.stringify(request)}\n`);
    });
  }
}
