import { describe, expect, it } from 'vitest';
import { actionPressed, sessionSelected } from '../../src/domain/index.js';
import { ShowTimeline } from '../../src/experiences/index.js';
import { recordingPlayer, timelineShow } from './helpers/players.js';

/** Starts the Show at `start` with the given lead-in and tempo. */
function startedShow(options: { start?: number; leadInSeconds?: number; tempo?: number; hostScore?: boolean; announce?: (line: string) => void } = {}) {
  const recording = recordingPlayer({ hostScore: options.hostScore ?? false, ...(options.announce ? { announce: options.announce } : {}) });
  const { leadInSeconds = 0.5, tempo = 1 } = options;
  expect(recording.player.start('show', options.start ?? 0, { leadInSeconds, tempo })).toBe(true);
  return recording;
}

describe('experiences.md §15', () => {
  it('scenario 12: the start broadcast is starting with the lead-in, duration, tempo and asset; the lead-in draws nothing', () => {
    const { player, output } = startedShow();
    expect(output.log).toEqual([
      {
        kind: 'experience',
        view: {
          status: 'starting',
          kind: 'show',
          title: 'A Spark Becomes a Constellation',
          cueIndex: null,
          caption: null,
          detail: null,
          elapsedMs: 0,
          durationMs: 43_100,
          tempo: 1,
          audioAsset: 'experiences/audio/constellation-v1.wav',
          audioCue: null,
          audioSlot: null,
          audioSequence: 0,
          startDelayMs: 500,
          reason: null,
        },
      },
    ]);
    for (const t of [0, 0.03, 0.25, 0.49, 0.499]) expect(player.tick(t)).toBe(false);
    expect(output.log).toHaveLength(1);
    player.tick(0.5);
    expect(output.frames).toHaveLength(1);
  });

  it('scenario 13: at elapsed 0.800 s the current cue is 1, at 0.799 s it is 0', () => {
    const at = (seconds: number) => {
      const { player, output } = startedShow({ leadInSeconds: 0 });
      player.tick(seconds);
      return output.experiences.at(-1)!.cueIndex;
    };
    expect(at(0.8)).toBe(1);
    expect(at(0.799)).toBe(0);
    const timeline = new ShowTimeline(timelineShow());
    expect([timeline.cueIndexAt(799), timeline.cueIndexAt(800), timeline.cueIndexAt(43_099)]).toEqual([0, 1, 79]);
  });

  it('scenario 14: a late tick skips stale cues: elapsed 0 then 4.9 s renders cue 0 then cue 6', () => {
    const { player, output } = startedShow();
    const show = timelineShow();
    player.tick(0.5);
    player.tick(5.4);
    expect(output.frames).toEqual([show.cues[0]!.frame, show.cues[6]!.frame]);
    expect(output.experiences.slice(1).map((v) => v.cueIndex)).toEqual([0, 6]);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'playing', elapsedMs: 4900, caption: 'An idea', detail: 'Act I - An Idea' });
  });

  it('scenario 15: two ticks within one cue emit one frame and one message', () => {
    const { player, output } = startedShow({ leadInSeconds: 0 });
    player.tick(0.1);
    player.tick(0.4);
    player.tick(0.79);
    expect(output.frames).toHaveLength(1);
    expect(output.experiences.filter((v) => v.status === 'playing')).toHaveLength(1);
  });

  it('scenario 16: at tempo 2.0 elapsed doubles, duration stays 43100 and the Show ends after 21.55 s', () => {
    const { player, output } = startedShow({ tempo: 2 });
    const tick = 0.03;
    let ended: number | null = null;
    const elapsedAt = new Map<number, number>();
    for (let k = 0; ended === null && k < 2000; k += 1) {
      const now = k * tick;
      const before = output.experiences.length;
      if (player.tick(now)) ended = now;
      else if (output.experiences.length > before) elapsedAt.set(output.experiences.at(-1)!.elapsedMs, now);
    }
    expect(ended).not.toBeNull();
    expect(Math.abs(ended! - 0.5 - 21.55)).toBeLessThanOrEqual(tick + 1e-9);
    const playing = output.experiences.filter((v) => v.status === 'playing');
    expect(playing.every((v) => v.durationMs === 43_100 && v.tempo === 2)).toBe(true);
    for (const [elapsedMs, now] of elapsedAt) expect(Math.abs(elapsedMs - (now - 0.5) * 2000)).toBeLessThanOrEqual(0.5);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'complete' });
  });

  it('scenario 17: the last broadcast is idle/complete and no more than 80 frames were drawn', () => {
    const { player, output } = startedShow();
    let k = 0;
    while (!player.tick(k * 0.03)) k += 1;
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'complete', durationMs: null });
    expect(output.frames.length).toBeLessThanOrEqual(80);
    expect(output.frames.length).toBeGreaterThan(60);
    expect(player.activeKind).toBeNull();
  });

  it('scenario 18: starting a second Show returns false and sends nothing', () => {
    const { player, output } = startedShow();
    player.tick(1);
    const sent = output.log.length;
    expect(player.start('show', 1.1)).toBe(false);
    expect(player.start('demo', 1.1)).toBe(false);
    expect(output.log).toHaveLength(sent);
    expect(player.activeKind).toBe('show');
  });

  it('scenario 19: stop while idle is silent; stop during a Show goes idle/stopped and closes the host score', () => {
    const { player, output, audio } = startedShow({ hostScore: true });
    player.tick(1);
    expect(audio.scores).toHaveLength(1);
    expect(player.stop('stopped')).toBe(true);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'stopped', title: null, tempo: 1 });
    expect(audio.stops).toBe(1);
    const sent = output.log.length;
    expect(player.stop('stopped')).toBe(false);
    expect(output.log).toHaveLength(sent);
  });

  it('scenario 25: selections and actions during a Show change nothing and are silent', () => {
    const { player, output, audio } = startedShow({ leadInSeconds: 0 });
    player.tick(0.1);
    const sent = output.log.length;
    for (const event of [sessionSelected(0), sessionSelected(3), actionPressed('approve'), actionPressed('stop')]) player.handleEvent(event, 0.2);
    expect(output.log).toHaveLength(sent);
    expect(audio.earcons).toEqual([]);
    player.tick(0.3);
    expect(output.log).toHaveLength(sent);
    player.tick(0.8);
    expect(output.experiences.at(-1)!.cueIndex).toBe(1);
  });

  it('scenario 33: "Alone" during cue 0, cue 79 at duration − 1, idle after 43.1 s plus the 0.5 s lead-in', () => {
    const { player, output } = startedShow();
    player.tick(0.5);
    expect(output.experiences.at(-1)).toMatchObject({ cueIndex: 0, caption: 'Alone', detail: 'Prelude - Alone' });
    expect(player.tick(0.5 + 43.099)).toBe(false);
    expect(output.experiences.at(-1)!.cueIndex).toBe(79);
    expect(player.tick(43.6)).toBe(true);
    expect(output.experiences.at(-1)).toMatchObject({ status: 'idle', reason: 'complete' });
  });
});

describe('Show runtime', () => {
  it('starts the host score once, at the first tick after the lead-in, with cue times divided by the tempo', () => {
    const { player, audio } = startedShow({ tempo: 2, hostScore: true });
    player.tick(0.2);
    expect(audio.scores).toEqual([]);
    player.tick(0.6);
    player.tick(0.9);
    expect(audio.scores).toHaveLength(1);
    const [first, second] = audio.scores[0]!;
    expect(first).toEqual({ startSeconds: 0, lengthSeconds: 0.4, act: 'Prelude - Alone', caption: 'Alone' });
    expect(second).toMatchObject({ startSeconds: 0.4, lengthSeconds: 0.35 });
  });

  it('announces "<act>: <caption>" only for cues with their own caption', () => {
    const lines: string[] = [];
    const { player } = startedShow({ leadInSeconds: 0, announce: (line) => lines.push(line) });
    for (const t of [0, 0.9, 1.6, 4.3]) player.tick(t);
    expect(lines).toEqual(['Prelude - Alone: Alone', 'Act I - An Idea: An idea']);
  });

  it('refuses a tempo that is not positive and a negative lead-in', () => {
    const { player } = recordingPlayer();
    expect(() => player.start('show', 0, { tempo: 0 })).toThrow(/tempo/);
    expect(() => player.start('show', 0, { leadInSeconds: -1 })).toThrow(/lead-in/);
    expect(player.activeKind).toBeNull();
  });
});
