/** Magnitude of one frequency in a window of samples (a single DFT bin at an arbitrary frequency). */
export function magnitudeAt(samples: ArrayLike<number>, sampleRate: number, hz: number, from = 0, to = samples.length): number {
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    const angle = (2 * Math.PI * hz * (i - from)) / sampleRate;
    re += samples[i]! * Math.cos(angle);
    im -= samples[i]! * Math.sin(angle);
  }
  return Math.hypot(re, im);
}

/** The strongest frequency between `lowHz` and `highHz`, scanned in 1 Hz steps. */
export function dominantHz(samples: ArrayLike<number>, sampleRate: number, lowHz: number, highHz: number, from = 0, to = samples.length): number {
  let best = lowHz;
  let bestMagnitude = -1;
  for (let hz = lowHz; hz <= highHz; hz += 1) {
    const magnitude = magnitudeAt(samples, sampleRate, hz, from, to);
    if (magnitude > bestMagnitude) {
      best = hz;
      bestMagnitude = magnitude;
    }
  }
  return best;
}

/** Frequency from upward zero crossings (good for a single pure-ish tone). */
export function zeroCrossingHz(samples: ArrayLike<number>, sampleRate: number, from = 0, to = samples.length): number {
  const crossings: number[] = [];
  for (let i = from + 1; i < to; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    if (a < 0 && b >= 0) crossings.push(i - 1 + a / (a - b));
  }
  const first = crossings[0]!;
  const last = crossings.at(-1)!;
  return ((crossings.length - 1) * sampleRate) / (last - first);
}

export const midiHz = (pitch: number): number => 440 * 2 ** ((pitch - 69) / 12);
