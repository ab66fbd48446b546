/** A decoded canonical 44-byte-header PCM WAV, read independently of the writer under test. */
export interface DecodedWav {
  readonly riff: string;
  readonly riffSize: number;
  readonly wave: string;
  readonly fmt: string;
  readonly fmtSize: number;
  readonly format: number;
  readonly channels: number;
  readonly sampleRate: number;
  readonly byteRate: number;
  readonly blockAlign: number;
  readonly bitsPerSample: number;
  readonly data: string;
  readonly dataSize: number;
  /** Per channel, as numbers −32768..32767. */
  readonly samples: readonly Int16Array[];
}

export function readWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  const channels = view.getUint16(22, true);
  const dataSize = view.getUint32(40, true);
  const frames = dataSize / 2 / channels;
  const samples = Array.from({ length: channels }, () => new Int16Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    for (let c = 0; c < channels; c++) samples[c]![frame] = view.getInt16(44 + (frame * channels + c) * 2, true);
  }
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8),
    fmt: text(12),
    fmtSize: view.getUint32(16, true),
    format: view.getUint16(20, true),
    channels,
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    data: text(36),
    dataSize,
    samples,
  };
}
