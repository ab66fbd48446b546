import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { experienceRequested } from '../../src/domain/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { loadPerformanceManifest } from '../../src/experiences/index.js';
import { loadProfileFile } from '../../src/profiles/index.js';
import { MidiSurface } from '../../src/midi-grid/midi-surface.js';
import { createMockMidiPair } from '../hardware-mocks/mock-midi.js';
import { REPO_ROOT, SHOW_PATH } from './helpers/files.js';
import { playerOnSurfaces } from './helpers/players.js';
import { hubOf } from '../helpers/hub.js';
import { RecordingSurface } from './helpers/recording-surface.js';

const RGB_SYSEX = 'F0 00 20 29 02 10 0B';
const APPROVE_LIT = 'B0 5B 15';
const REJECT_LIT = 'B0 5C 05';

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('daemon preemption on a MIDI controller', () => {
  it('an agent waiting for approval during a Show brings the live view back with approve and reject lit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plx-'));
    const { input, output } = createMockMidiPair('Launchpad Pro');
    const midi = new MidiSurface({
      profile: await loadProfileFile(join(REPO_ROOT, 'profiles/novation/launchpad/pro-mk1.json')),
      output,
      input,
      greeting: null,
    });
    // The administrator's browser, reduced to what this test needs: it asks for the Show and sees the lifecycle.
    const admin = new RecordingSurface(8);
    const surfaces = hubOf([midi, admin]);
    const player = playerOnSurfaces(surfaces, { show: await loadPerformanceManifest(SHOW_PATH) });
    const socketPath = join(dir, 'd.sock');
    const daemon = await startDaemon({ socketPath, surfaces, experience: player });
    const agent = { backend: 'codex', sessionId: 'reviewer' };
    const client = new PadLatticeClient({ socketPath });
    const subscription = await client.subscribeActions({ agent, actions: ['approve', 'reject'] });
    try {
      await client.reportState('running', { agent, reply: true });
      admin.press(experienceRequested('show'));
      // Our Show's second cue is its first lit one.
      await waitFor(() => output.sentHex().filter((line) => line.startsWith(RGB_SYSEX)).length >= 2, 'the Show to draw');
      const mark = output.sent.length;
      await client.reportState('waiting_for_approval', { agent, reply: true });
      expect(player.activeKind).toBeNull();
      expect(admin.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'agent_attention_required' });
      await waitFor(() => output.sentHex().slice(mark).includes(REJECT_LIT), 'the live view');
      const after = output.sentHex().slice(mark);
      const firstLive = after.findIndex((line) => !line.startsWith(RGB_SYSEX));
      // Show frames drawn before the report was handled may precede it; after it, nothing of the Show.
      expect(after.slice(firstLive).some((line) => line.startsWith(RGB_SYSEX))).toBe(false);
      expect(after.slice(firstLive)).toEqual(expect.arrayContaining([APPROVE_LIT, REJECT_LIT]));
      expect(admin.views.at(-1)).toMatchObject({ selectedState: 'waiting_for_approval' });
    } finally {
      subscription.close();
      await daemon.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
