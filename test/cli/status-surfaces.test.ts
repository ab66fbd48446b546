import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../src/cli/status-legend.js';
import { makeStyle } from '../../src/cli/style.js';
import type { StatusReport } from '../../src/client/index.js';

describe('status: serial and HID surfaces beside MIDI ones', () => {
  it('lists every surface by kind and profile', () => {
    const status: StatusReport = {
      profile: 'novation/launchpad/pro-mk1+monome/grid/128+elgato/stream-deck/mk-2',
      visualProtocol: 1,
      input: 'a; b; c',
      output: 'a; b; c',
      surfaces: [
        { kind: 'midi', profile: 'novation/launchpad/pro-mk1', visualProtocol: 1, input: 'a', output: 'a' },
        { kind: 'serial', profile: 'monome/grid/128', visualProtocol: 1, input: '/dev/ttyUSB0 (m1000123)', output: '/dev/ttyUSB0 (m1000123)' },
        { kind: 'hid', profile: 'elgato/stream-deck/mk-2', visualProtocol: 1, input: 'Stream Deck MK.2 /dev/hidraw3', output: 'Stream Deck MK.2 /dev/hidraw3' },
      ],
      selected: null,
      overflowCount: 0,
      activityMotion: false,
      audioFeedback: false,
      experience: null,
      previewActive: false,
      sessionTtl: 86400,
      sessions: [],
    };
    expect(formatStatus(status, makeStyle(false))).toContain(
      'Surfaces: midi:novation/launchpad/pro-mk1, serial:monome/grid/128, hid:elgato/stream-deck/mk-2\n',
    );
  });
});
