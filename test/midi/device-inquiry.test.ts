import { describe, expect, it } from 'vitest';
import { DEVICE_INQUIRY, describeIdentity, parseIdentityReply } from '../../src/midi/device-inquiry.js';
import { assertMidiMessage } from '../../src/midi/midi-message.js';

describe('MIDI identity request (Device Inquiry / Identity Reply)', () => {
  it('asks every device: F0 7E 7F 06 01 F7, a well-formed SysEx', () => {
    expect(DEVICE_INQUIRY).toEqual([0xf0, 0x7e, 0x7f, 0x06, 0x01, 0xf7]);
    expect(() => assertMidiMessage(DEVICE_INQUIRY)).not.toThrow();
  });

  it("reads a three-byte manufacturer id, the 14-bit family and member, and Novation's four firmware digits", () => {
    // Launchpad Pro (Mk1) Programmer's Reference: F0 7E <id> 06 02 00 20 29 51 00 00 00 <firmware> F7.
    const identity = parseIdentityReply([0xf0, 0x7e, 0x00, 0x06, 0x02, 0x00, 0x20, 0x29, 0x51, 0x00, 0x00, 0x00, 0x00, 0x01, 0x07, 0x02, 0xf7]);
    expect(identity).toEqual({ manufacturer: [0, 0x20, 0x29], family: 0x51, member: 0, version: [0, 1, 7, 2] });
    expect(describeIdentity(identity!)).toBe('Novation, family 0051 member 0000, firmware 172');
  });

  it('reads a one-byte manufacturer id, and shows other version bytes as hex', () => {
    const identity = parseIdentityReply([0xf0, 0x7e, 0x7f, 0x06, 0x02, 0x47, 0x4f, 0x00, 0x19, 0x00, 0x01, 0x00, 0x0a, 0x7f, 0xf7]);
    expect(identity).toEqual({ manufacturer: [0x47], family: 0x4f, member: 0x19, version: [1, 0, 0x0a, 0x7f] });
    expect(describeIdentity(identity!)).toBe('Akai, family 004f member 0019, firmware 01 00 0a 7f');
  });

  it('is not fooled by other SysEx, a cut-off reply or bytes above 7F', () => {
    expect(parseIdentityReply(DEVICE_INQUIRY)).toBeNull();
    expect(parseIdentityReply([0xf0, 0x00, 0x20, 0x29, 0x02, 0x0e, 0x0e, 0x01, 0xf7])).toBeNull();
    expect(parseIdentityReply([0xf0, 0x7e, 0x00, 0x06, 0x02, 0x00, 0x20, 0x29, 0x51, 0x00, 0x00, 0x00, 0x00, 0x01, 0xf7])).toBeNull();
    expect(parseIdentityReply([0xf0, 0x7e, 0x00, 0x06, 0x02, 0x47, 0x4f, 0x00, 0x19, 0x00, 0x01, 0x00, 0x8a, 0x7f, 0xf7])).toBeNull();
  });
});
