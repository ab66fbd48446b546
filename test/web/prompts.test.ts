import { describe, expect, it } from 'vitest';
import { makeSurfaceView, type SurfacePrompt } from '../../src/domain/index.js';
import { ADMIN_TOKEN, lanBridgePerTest } from './helpers/test-bridge.js';
import { attemptRemote, TestClient, type ServerMessage } from './helpers/ws-client.js';

/*
 * The `prompts` extension of the browser pad (README, "Questions and
 * approval details"): the admin page gets the texts, a paired phone only the
 * shape until the admin shares them, a reference client nothing new, and the
 * `surface` frame keeps to Visual Protocol 1 tokens.
 */

const APPROVAL: SurfacePrompt = { kind: 'approval', tier: 'destructive', tool: 'Bash', description: 'rm -rf build' };
const QUESTION: SurfacePrompt = {
  kind: 'question',
  ref: 7,
  questionIndex: 0,
  questionCount: 1,
  question: {
    question: 'Which license?',
    header: 'License',
    options: [
      { label: 'MIT', description: 'short' },
      { label: 'GPL-3.0', description: '' },
    ],
    multiSelect: false,
  },
  selected: [],
};

async function next(client: TestClient, type: string): Promise<ServerMessage & Record<string, unknown>> {
  for (;;) {
    const message = await client.next(10_000);
    if (message.type === type) return message as ServerMessage & Record<string, unknown>;
  }
}

const use = (client: TestClient) => client.send({ protocol: 1, type: 'use_extensions', extensions: ['prompts', 'press_results'] });

describe('browser pad: the prompts extension', () => {
  const web = lanBridgePerTest();

  it('the admin sees the texts; a phone sees only the shape until the admin shares them, and at once when shared', async () => {
    const admin = await TestClient.open(web().port);
    await admin.authenticate(ADMIN_TOKEN);
    await admin.drainUntilBarrier();
    use(admin);
    const phone = (await attemptRemote(web().port, '192.168.3.4', web().bridge.currentPairing()!.pin)).client;
    await phone.drainUntilBarrier();
    use(phone);
    expect(await next(admin, 'prompt')).toEqual({ protocol: 1, type: 'prompt', prompt: null, details_shared: false });
    expect((await next(phone, 'prompt'))['prompt']).toBeNull();

    web().bridge.surface.render(makeSurfaceView({ selectedState: 'waiting_for_approval', prompt: APPROVAL }));
    expect((await next(admin, 'prompt'))['prompt']).toEqual({ kind: 'approval', tier: 'destructive', tool: 'Bash', description: 'rm -rf build' });
    expect((await next(phone, 'prompt'))['prompt']).toEqual({ kind: 'approval', tier: 'destructive', tool: null, description: null });

    // A phone may not change the setting.
    phone.send({ protocol: 1, type: 'share_details', enabled: true });
    expect(await next(phone, 'error')).toMatchObject({ code: 'admin_required' });
    admin.send({ protocol: 1, type: 'share_details', enabled: true });
    expect(await next(phone, 'prompt')).toMatchObject({ prompt: { description: 'rm -rf build' }, details_shared: true });
    expect(await next(admin, 'prompt')).toMatchObject({ details_shared: true });

    web().bridge.surface.render(makeSurfaceView({ selectedState: 'waiting_for_reply', prompt: QUESTION }));
    expect((await next(phone, 'prompt'))['prompt']).toEqual({
      kind: 'question',
      ref: 7,
      question_index: 0,
      question_count: 1,
      multi_select: false,
      header: 'License',
      question: 'Which license?',
      options: [
        { index: 1, x: 3, y: 0, label: 'MIT', description: 'short', chosen: false },
        { index: 2, x: 3, y: 2, label: 'GPL-3.0', description: null, chosen: false },
      ],
      send: null,
    });
    admin.close();
    phone.close();
  });

  it('a press on an option becomes one option_pressed event with its receipt; the surface frame carries only Visual Protocol 1 tokens', async () => {
    const admin = await TestClient.open(web().port);
    await admin.authenticate(ADMIN_TOKEN);
    await admin.drainUntilBarrier();
    web().bridge.surface.render(makeSurfaceView({ selectedState: 'waiting_for_reply', prompt: QUESTION }));
    const surface = await next(admin, 'surface');
    const tokens = (surface['visual_frame'] as { state: string[][] }).state.flat();
    expect(tokens.filter((token) => token !== 'off')).toEqual(['state:waiting_for_reply:primary', 'state:waiting_for_reply:primary']);
    use(admin);
    await next(admin, 'extensions');
    admin.send({ protocol: 1, type: 'answer_option', ref: 7, question: 0, option: 1 });
    admin.send({ protocol: 1, type: 'answer_option', ref: 7, question: 0, option: -1 });
    expect(await next(admin, 'error')).toMatchObject({ code: 'invalid_message', error: 'option must be a non-negative integer' });
    const events = web().bridge.surface.pollEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'option_pressed', ref: 7, question: 0, option: 1 });
    admin.close();
  });
});
