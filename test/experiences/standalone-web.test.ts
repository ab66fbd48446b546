import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, type ServerMessage } from '../web/helpers/ws-client.js';
import { adminToken, killLeftovers, startCli, type CliProcess } from './helpers/cli-process.js';

/*
 * The standalone commands with the browser pad (experiences.md §10.5), run as
 * real processes from the build, driven by a WebSocket client that holds the
 * printed admin token.
 */

const clients: TestClient[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  killLeftovers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function adminOf(command: CliProcess): Promise<TestClient> {
  const url = await command.adminUrl();
  const client = await TestClient.open(Number(url.port));
  clients.push(client);
  expect(await client.authenticate(adminToken(url))).toMatchObject({ type: 'authenticated', admin: true });
  return client;
}

/** The next message of `type`, skipping others (surface renders, Show frames). */
async function nextOf(client: TestClient, type: string): Promise<ServerMessage> {
  for (;;) {
    const message = await client.next(10_000);
    if (message.type === type) return message;
  }
}

/** The RGB SysEx header of a Launchpad Pro Mk1 (midi-rendering.md §9.3): Show frames on the controller. */
const PRO_MK1_RGB = 'F0 00 20 29 02 10 0B';

const send = (client: TestClient, message: Record<string, unknown>) => client.send({ protocol: 1, ...message });

describe('experiences.md §15', () => {
  it('scenario 34: show --surface web blocks a Demo request with the spec reason, keeps waiting, then plays the Show after a 0.5 s lead-in', async () => {
    const command = startCli(['show', '--surface', 'web', '--no-open', '--port', '0']);
    const admin = await adminOf(command);
    expect(await admin.next()).toMatchObject({ type: 'experience_state', status: 'idle', kind: null });

    send(admin, { type: 'start_experience', kind: 'demo' });
    expect(await admin.next()).toMatchObject({ type: 'experience_state', status: 'blocked', kind: 'demo', reason: 'This command is prepared for show.' });
    expect(command.child.exitCode).toBeNull();

    send(admin, { type: 'start_experience', kind: 'show' });
    expect(await admin.next()).toMatchObject({
      type: 'experience_state',
      status: 'starting',
      kind: 'show',
      title: 'The Night Shift',
      start_delay_ms: 500,
      duration_ms: 34_000,
      tempo: 1,
      audio_asset: 'experiences/audio/night-shift-v1.wav',
    });
    // After the lead-in: the first cue's picture, then its lifecycle message.
    expect(await admin.next()).toMatchObject({ type: 'performance_frame' });
    expect(await admin.next()).toMatchObject({ type: 'experience_state', status: 'playing', cue_index: 0, caption: 'Midnight' });

    send(admin, { type: 'stop_experience' });
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'idle', kind: 'show', reason: 'stopped' });
    expect(await admin.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    // One experience per run; stopped before its end is not success.
    expect(await command.exited).toBe(1);
    expect(command.stdout()).toContain('Waiting for the admin page to start the Show');
  });

  it('demo --surface web refuses a Show, plays the Demo from the page, and Ctrl-C ends it with cancelled before the browsers are let go', async () => {
    const command = startCli(['demo', '--surface', 'web', '--no-open', '--port', '0']);
    const admin = await adminOf(command);
    await nextOf(admin, 'experience_state');

    send(admin, { type: 'start_experience', kind: 'show' });
    expect(await admin.next()).toMatchObject({ status: 'blocked', kind: 'show', reason: 'This command is prepared for demo.' });
    send(admin, { type: 'start_experience', kind: 'demo' });
    expect(await admin.next()).toMatchObject({ type: 'surface', view: { selected_state: 'running' } });
    expect(await admin.next()).toMatchObject({ type: 'experience_state', status: 'playing', kind: 'demo', cue_index: 0, caption: 'The Reviewer needs you.' });
    send(admin, { type: 'select_session', slot: 1 });
    expect(await admin.next()).toMatchObject({ type: 'surface', view: { selected_state: 'waiting_for_approval' } });
    expect(await admin.next()).toMatchObject({ type: 'experience_state', cue_index: 1, audio_cue: 'session_selected', audio_slot: 1 });

    command.child.kill('SIGINT');
    expect(await admin.next()).toMatchObject({ type: 'experience_state', status: 'idle', kind: 'demo', reason: 'cancelled' });
    expect((await admin.closed).code).toBe(1001);
    expect(await command.exited).toBe(130);
    expect(command.stdout()).toContain('The Reviewer needs you.');
  });

  it('show --surface both draws the Show on the browser and on the controller once the page starts it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pl-both-'));
    dirs.push(dir);
    const trace = join(dir, 'trace.txt');
    const command = startCli([
      'show',
      '--surface',
      'both',
      '--profile',
      'novation/launchpad/pro-mk1',
      '--output',
      `trace:${trace}`,
      '--no-open',
      '--port',
      '0',
    ]);
    const admin = await adminOf(command);
    await nextOf(admin, 'experience_state');
    const before = readFileSync(trace, 'utf8');
    expect(before).not.toContain(PRO_MK1_RGB);
    send(admin, { type: 'start_experience', kind: 'show' });
    await nextOf(admin, 'performance_frame');
    command.child.kill('SIGINT');
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'playing', cue_index: 0 });
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'idle', reason: 'cancelled' });
    expect(await command.exited).toBe(130);
    expect(readFileSync(trace, 'utf8')).toContain(PRO_MK1_RGB);
  });

  it('browser pad flags without --surface web are a usage error, and so is an unknown surface', async () => {
    const port = startCli(['show', '--port', '0']);
    expect(await port.exited).toBe(2);
    expect(port.stderr()).toContain('--port needs --surface web or both');
    const unknown = startCli(['demo', '--surface', 'phone']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.stderr()).toContain('--surface must be one of midi, web, both');
  });

  it('scenario 35: stopping the daemon during a Show broadcasts idle with reason daemon_stopped before the bridge closes connections', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pl-shutdown-'));
    dirs.push(dir);
    const daemon = startCli(['web', '--no-open', '--port', '0', '--socket', join(dir, 'd.sock'), '--identity-store', join(dir, 'ids.json')]);
    const admin = await adminOf(daemon);
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'idle', kind: null });
    send(admin, { type: 'start_experience', kind: 'show' });
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'starting', kind: 'show' });
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'playing', kind: 'show' });

    daemon.child.kill('SIGTERM');
    expect(await nextOf(admin, 'experience_state')).toMatchObject({ status: 'idle', kind: 'show', reason: 'daemon_stopped' });
    expect(await admin.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await daemon.exited).toBe(0);
  });
});
