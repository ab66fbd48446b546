import { expect } from 'vitest';
import { until } from '../agents/shared/fake-daemon.js';
import { TestClient } from '../web/helpers/ws-client.js';
import type { DaemonProgram, TraceDaemon } from '../agents/claude/trace-daemon.js';
import { startPad } from './pad.js';

/*
 * The local admin page of the pad's browser pad, as a WebSocket client: it logs in with the
 * admin link's token and asks for the `prompts` extension, as the page does (README "Questions
 * and approval details"). Every text the daemon sent it is kept, to check what never arrived.
 */

/** What a `prompt` message says the selected agent asks (the `prompt` member, null when nothing). */
export type AdminPrompt = Record<string, unknown> | null;

export class AdminPage {
  readonly #client: TestClient;
  readonly #texts: string[] = [];
  #prompt: AdminPrompt = null;

  private constructor(client: TestClient) {
    this.#client = client;
    client.socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.#texts.push(text);
      const message = JSON.parse(text) as Record<string, unknown>;
      if (message['type'] === 'prompt') this.#prompt = (message['prompt'] as AdminPrompt) ?? null;
    });
  }

  /** Opens the page of `adminUrl` (`http://127.0.0.1:<port>/#admin=<token>`), logged in as the admin, with `prompts`. */
  static async open(adminUrl: string): Promise<AdminPage> {
    const url = new URL(adminUrl);
    const client = await TestClient.open(Number(url.port));
    const page = new AdminPage(client);
    const reply = await client.authenticate(url.hash.slice('#admin='.length));
    if (reply.type !== 'authenticated' || reply['admin'] !== true) throw new Error(`the admin token was refused: ${JSON.stringify(reply)}`);
    client.send({ protocol: 1, type: 'use_extensions', extensions: ['prompts'] });
    await until(() => page.#texts.some((text) => (JSON.parse(text) as { type?: unknown }).type === 'prompt'), 'the first prompt message', 10_000, 20);
    return page;
  }

  /** Waits until the latest `prompt` satisfies `shown`, and returns it. */
  async untilPrompt(shown: (prompt: AdminPrompt) => boolean, what: string, timeoutMs = 10_000): Promise<AdminPrompt> {
    await until(() => shown(this.#prompt), what, timeoutMs, 20);
    return this.#prompt;
  }

  /** Every message the daemon sent, as received. */
  received(): string {
    return this.#texts.join('\n');
  }

  close(): void {
    this.#client.close();
  }
}

/** Secrets an approved command carried never reach the admin page or the daemon's log; the page got their redacted form. */
export function expectSecretsKept(admin: AdminPage, daemonLog: string, secrets: readonly string[]): void {
  expect(admin.received()).toContain('[REDACTED]');
  for (const secret of secrets) {
    expect(admin.received()).not.toContain(secret);
    expect(daemonLog).not.toContain(secret);
  }
}

/** A pad whose daemon also serves the browser pad, with its admin page open; both are cleaned up by `afterAllTests`. */
export async function startPadWithAdmin(
  program: DaemonProgram,
  afterAllTests: (cleanup: () => void) => void,
): Promise<{ readonly pad: TraceDaemon; readonly admin: AdminPage }> {
  const pad = await startPad(program, { web: true });
  afterAllTests(() => pad.kill());
  const admin = await AdminPage.open(pad.adminUrl!);
  afterAllTests(() => admin.close());
  return { pad, admin };
}
