import type { Pcm16 } from '../../audio/pcm.js';
import type { SoundElement } from './sound-controller.js';

/** Renders a sound's samples for a playback rate; null when this page cannot render it. */
export type RenderSound = (rate: number) => Promise<Pcm16 | null>;

function toAudioBuffer(context: BaseAudioContext, pcm: Pcm16): AudioBuffer {
  const frames = pcm.samples.length / pcm.channelCount;
  const buffer = context.createBuffer(pcm.channelCount, frames, pcm.sampleRate);
  for (let channel = 0; channel < pcm.channelCount; channel++) {
    const data = buffer.getChannelData(channel);
    for (let frame = 0; frame < frames; frame++) data[frame] = pcm.samples[frame * pcm.channelCount + channel]! / 32767;
  }
  return buffer;
}

/**
 * A sound the page renders itself (the package ships no audio files),
 * played through Web Audio but driven like an audio element, so
 * SoundController does not know the difference. The page's CSP admits no
 * blob: or data: media, which an <audio> element would need for rendered
 * samples; Web Audio fetches nothing. A rate other than 1 is rendered at that
 * rate rather than resampled, so the pitch stays (what `preservesPitch` asks).
 * Times are media seconds, as on an audio element: buffer time × rate.
 */
export class SynthesizedSound implements SoundElement {
  preload = 'auto';
  playbackRate = 1;
  preservesPitch = true;
  readonly #context: AudioContext;
  readonly #render: RenderSound;
  readonly #buffers = new Map<number, Promise<AudioBuffer | null>>();
  readonly #gain: GainNode;
  #node: AudioBufferSourceNode | null = null;
  #playing = false;
  /** Media seconds where playback (re)starts; while playing, where the current node started. */
  #position = 0;
  #startedAt = 0;
  #rate = 1;
  #end = Number.POSITIVE_INFINITY;
  /** Bumped by every start and stop, so a render that finishes late starts nothing stale. */
  #generation = 0;

  constructor(context: AudioContext, render: RenderSound) {
    this.#context = context;
    this.#render = render;
    // Connected only while a node plays, so the many one-shot earcons leave nothing attached to the output.
    this.#gain = context.createGain();
  }

  get paused(): boolean {
    return !this.#playing;
  }

  get muted(): boolean {
    return this.#gain.gain.value === 0;
  }

  set muted(muted: boolean) {
    this.#gain.gain.value = muted ? 0 : 1;
  }

  get currentTime(): number {
    if (this.#node === null) return this.#position;
    return Math.min(this.#end, this.#position + (this.#context.currentTime - this.#startedAt) * this.#rate);
  }

  set currentTime(seconds: number) {
    const playing = this.#playing;
    this.#stop();
    this.#position = seconds;
    if (playing) void this.play().catch(() => undefined);
  }

  async play(): Promise<void> {
    // Called inside the click that turned sound on, this is what lets the page make sound at all.
    void this.#context.resume();
    if (this.#playing) return;
    this.#playing = true;
    const generation = ++this.#generation;
    const rate = this.playbackRate;
    const buffer = await this.#bufferFor(rate);
    if (generation !== this.#generation) return;
    if (buffer === null) {
      this.#playing = false;
      throw new Error('this page cannot render that sound');
    }
    this.#startNode(buffer, rate);
  }

  pause(): void {
    const position = this.currentTime;
    this.#stop();
    this.#position = position;
  }

  #startNode(buffer: AudioBuffer, rate: number): void {
    const node = this.#context.createBufferSource();
    node.buffer = buffer;
    node.connect(this.#gain);
    node.addEventListener('ended', () => {
      if (this.#node !== node) return;
      this.#position = this.#end;
      this.#node = null;
      this.#playing = false;
      this.#gain.disconnect();
    });
    this.#gain.connect(this.#context.destination);
    this.#rate = rate;
    this.#end = buffer.duration * rate;
    this.#startedAt = this.#context.currentTime;
    this.#node = node;
    node.start(0, Math.min(this.#position / rate, buffer.duration));
  }

  #stop(): void {
    this.#generation++;
    this.#playing = false;
    const node = this.#node;
    this.#node = null;
    if (node === null) return;
    node.stop();
    node.disconnect();
    this.#gain.disconnect();
  }

  #bufferFor(rate: number): Promise<AudioBuffer | null> {
    let buffer = this.#buffers.get(rate);
    if (buffer === undefined) {
      buffer = this.#render(rate).then((pcm) => (pcm === null ? null : toAudioBuffer(this.#context, pcm)));
      this.#buffers.set(rate, buffer);
    }
    return buffer;
  }
}
