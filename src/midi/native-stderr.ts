/**
 * What ALSA and RtMidi print on their own to stderr when they cannot start,
 * summed up as causes: `ALSA lib seq_hw.c:466:(snd_seq_hw_open) open
 * /dev/snd/seq failed: Permission denied` becomes `ALSA said 'open
 * /dev/snd/seq failed: Permission denied'`. The file, line and function are
 * left out: they name the library's source, not the user's problem, and they
 * differ between versions of it. Each cause once, in the order first seen,
 * with how often it was said when more than once.
 */
export function nativeCauses(stderr: string): string[] {
  const counts = new Map<string, number>();
  for (const raw of stderr.split('\n')) {
    const cause = causeOf(raw.trim());
    if (cause !== null) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts].map(([cause, times]) => (times === 1 ? cause : `${cause} (${times} times)`));
}

/** `ALSA lib <file>:<line>:(<function>) <message>`. */
const ALSA_LINE = /^ALSA lib [^:\s]+:\d+:\([^)]*\)\s*(.+)$/;
/** `MidiInAlsa::initialize: <message>` and the like, RtMidi's own warnings. */
const RTMIDI_LINE = /^Midi(?:In|Out)\w*::\w+:\s*(.+?)\.?$/;
/** The longest cause kept: a library could print anything. */
const MAX_CAUSE = 200;

function causeOf(line: string): string | null {
  if (line === '') return null;
  const alsa = ALSA_LINE.exec(line);
  if (alsa !== null) return `ALSA said '${short(alsa[1]!)}'`;
  const rtmidi = RTMIDI_LINE.exec(line);
  if (rtmidi !== null) return `RtMidi said '${short(rtmidi[1]!)}'`;
  return `the MIDI library printed '${short(line)}'`;
}

function short(text: string): string {
  return text.length <= MAX_CAUSE ? text : `${text.slice(0, MAX_CAUSE - 1)}…`;
}
