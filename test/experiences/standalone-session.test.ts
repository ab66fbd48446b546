import { describe, expect, it } from 'vitest';
import { experienceRequested, experienceStopRequested, sessionSelected } from '../../src/domain/index.js';
import { StandaloneSession } from '../../src/experiences/index.js';
import { recordingPlayer } from './helpers/players.js';

function session(prepared: 'demo' | 'show', waitForRequest: boolean, tempo?: number) {
  const recording = recordingPlayer();
  const standalone = new StandaloneSession(recording.player, { prepared, waitForRequest, ...(tempo === undefined ? {} : { tempo }) });
  return { ...recording, standalone };
}

describe('experiences.md §15', () => {
  it('scenario 34: a Show command waiting for the browser blocks a Demo request, then plays the Show after a 0.5 s lead-in', () => {
    const { standalone, output, player } = session('show', true);
    standalone.begin(0);
    expect(output.log).toEqual([]);
    standalone.handle(experienceRequested('demo'), 1);
    expect(output.experiences).toEqual([expect.objectContaining({ status: 'blocked', kind: 'demo', reason: 'This command is prepared for show.' })]);
    expect(standalone.running).toBe(true);
    expect(player.activeKind).toBeNull();
    standalone.handle(experienceRequested('show'), 2);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'starting', kind: 'show', startDelayMs: 500 });
    standalone.tick(2.49);
    expect(output.frames).toEqual([]);
    standalone.tick(2.5);
    expect(output.frames).toHaveLength(1);
  });
});

describe('standalone command session', () => {
  it('started at once (MIDI) a Show has no lead-in and uses the tempo', () => {
    const { standalone, output } = session('show', false, 1.5);
    standalone.begin(10);
    expect(output.experiences[0]).toMatchObject({ status: 'starting', startDelayMs: 0, tempo: 1.5 });
    standalone.tick(10);
    expect(output.frames).toHaveLength(1);
  });

  it('a Demo command forwards presses to the Demo and finishes after the terminal hold, exit status complete', () => {
    const { standalone, output } = session('demo', false);
    standalone.begin(0);
    for (const slot of [1]) standalone.handle(sessionSelected(slot), 0.1);
    expect(output.experiences.at(-1)).toMatchObject({ cueIndex: 1 });
    standalone.handle(experienceRequested('show'), 0.2);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'blocked', kind: 'show', reason: 'This command is prepared for demo.' });
    expect(standalone.running).toBe(true);
    expect(standalone.completed).toBe(false);
  });

  it('runs one experience: after completion it stops running and reports success', () => {
    const { standalone } = session('show', false);
    standalone.begin(0);
    let t = 0;
    while (!standalone.tick(t)) t += 0.03;
    expect(standalone.running).toBe(false);
    expect(standalone.completed).toBe(true);
  });

  it('Ctrl-C stops with cancelled; closing afterwards sends nothing more', () => {
    const { standalone, output } = session('show', false);
    standalone.begin(0);
    standalone.interrupt();
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', reason: 'cancelled' });
    const sent = output.log.length;
    standalone.close();
    expect(output.log).toHaveLength(sent);
    expect(standalone.completed).toBe(false);
  });

  it('closing while still playing stops with closed; a stop request ends a waiting command', () => {
    const playing = session('demo', false);
    playing.standalone.begin(0);
    playing.standalone.close();
    expect(playing.output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'demo', reason: 'closed' });
    const waiting = session('show', true);
    waiting.standalone.begin(0);
    waiting.standalone.handle(experienceStopRequested(), 1);
    expect(waiting.standalone.running).toBe(false);
    expect(waiting.output.log).toEqual([]);
  });
});
