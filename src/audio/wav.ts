import type { Pcm16 } from './pcm.js';

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;
const PCM_FORMAT = 1;

/**
 * A canonical RIFF/WAVE file: a 16-byte `fmt ` chunk (PCM, 16-bit) followed
 * by one `data` chunk; all fields little-endian.
 */
export function encodeWav(pcm: Pcm16): Uint8Array {
  const dataBytes = pcm.samples.length * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  const blockAlign = pcm.channelCount * BYTES_PER_SAMPLE;
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM_FORMAT, true);
  view.setUint16(22, pcm.channelCount, true);
  view.setUint32(24, pcm.sampleRate, true);
  view.setUint32(28, pcm.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < pcm.samples.length; i++) view.setInt16(HEADER_BYTES + i * BYTES_PER_SAMPLE, pcm.samples[i]!, true);
  return bytes;
}
