import { describe, expect, it } from 'vitest';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS, type ShowFrame } from '../../src/domain/index.js';
import { builtinProfileIds, channelWrites, color, mockSurface, variantProfile, view } from './helpers.js';

/*
 * Every built-in profile against the bytes its manufacturer documents: the
 * startup and shutdown messages, a full semantic frame (every light a Note On
 * or Control Change on the documented steady channel, at a documented LED
 * number), and a Show frame in the documented RGB SysEx (or, where the device
 * has none that fits, its palette fallbacks). Each fact names its source.
 */

type RgbFormat =
  /** F0 <header…> (LED R G B)… F7 — Launchpad Pro Mk1 / MK2 "0Bh" RGB message. */
  | { readonly kind: 'led-rgb'; readonly header: readonly number[]; readonly channelMax: number; readonly maxGroups: number }
  /** F0 <header…> (03 LED R G B)… F7 — Mk3 family / X LED lighting SysEx, lighting type 3 = RGB. */
  | { readonly kind: 'typed-led'; readonly header: readonly number[]; readonly maxSpecs: number }
  /** F0 47 7F 4F 24 <len hi> <len lo> (start end Rhi Rlo Ghi Glo Bhi Blo)… F7 — APC mini mk2, pads only. */
  | { readonly kind: 'akai-ranges'; readonly header: readonly number[]; readonly pads: readonly number[] };

/** A documented SysEx that sets many LEDs to palette colours in one message. */
type PaletteFormat =
  /** F0 <header…> (LED colour)… F7 — Launchpad Pro Mk1 / MK2 "0Ah". */
  | { readonly kind: 'led-colour'; readonly header: readonly number[]; readonly maxPairs: number }
  /** F0 <header…> (00 LED colour)… F7 — Mk3 family / X LED lighting SysEx, lighting type 0 = static palette colour. */
  | { readonly kind: 'typed-palette'; readonly header: readonly number[]; readonly maxSpecs: number };

interface Documented {
  readonly startup: readonly string[];
  readonly shutdown: readonly string[];
  /** Every Note On / CC the device accepts as a steady colour: "<status>:<number>" with status 90/B0|channel. */
  readonly steadyLeds: ReadonlySet<string>;
  /** The batched palette message a semantic frame goes out as, or null for one Note On / CC per light. */
  readonly palette: PaletteFormat | null;
  readonly rgb: RgbFormat | null;
}

const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const leds = (status: number, numbers: readonly number[]) => numbers.map((n) => `${hex(status)}:${n}`);

/** Programmer-layout numbering (X, Mini MK3, Pro MK3, Pro Mk1): pads 11-88 as row·10+column, round buttons 91-98 and 19-89. */
const PROGRAMMER_PADS = range(1, 8).flatMap((row) => range(1, 8).map((col) => row * 10 + col));
const PROGRAMMER_BUTTONS = [...range(91, 98), ...range(19, 89, 10)];
const programmerLeds = new Set([...leds(0x90, PROGRAMMER_PADS), ...leds(0xb0, PROGRAMMER_BUTTONS), ...leds(0x90, PROGRAMMER_BUTTONS)]);

/** Launchpad S / Mini / original X-Y layout: key = 10h·row + column (row 0 at the top, column 8 = round buttons); top row CC 104-111. */
const XY_LEDS = new Set([
  ...leds(
    0x90,
    range(0, 7).flatMap((row) => range(0, 8).map((col) => 16 * row + col)),
  ),
  ...leds(0xb0, range(104, 111)),
]);

const DOCUMENTED: Readonly<Record<string, Documented>> = {
  // Novation, Launchpad Pro Programmer's Reference Manual: Ableton/Standalone mode 21h, Live layouts 22h
  // (SysEx summary, p. 26), Programmer layout numbering (p. 17, figures 14-15), RGB "0Bh" message, channels
  // 00h-3Fh, group repeated up to 78 times (p. 22). The Standalone layout value 2Ch 03h is the reference's data.
  'novation/launchpad/pro-mk1': {
    startup: ['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7'],
    shutdown: ['F0 00 20 29 02 10 22 00 F7', 'F0 00 20 29 02 10 21 00 F7'],
    steadyLeds: programmerLeds,
    // The supported profile keeps one message per light: those are the bytes its hardware test passed with
    // (batched-palette.test.ts checks the documented 0Ah message, up to 97 pairs, p. 20, on a variant).
    palette: null,
    rgb: { kind: 'led-rgb', header: [0x00, 0x20, 0x29, 0x02, 0x10, 0x0b], channelMax: 63, maxGroups: 78 },
  },
  // Novation, Launchpad MK2 Programmer's Reference Manual v1.03: Session layout select 22h 00h (SysEx summary,
  // p. 16), Session numbering with the top buttons as CC 104-111 and SysEx LED indices 68h-6Fh, "Light LED using
  // SysEx" 0Ah <LED> <Colour>, "Message can be repeated up to 80 times" (p. 11); RGB mode: 0Bh <LED> <Red> <Green>
  // <Blue>, each 00h-3Fh, "Message can be repeated up to 80 times" (the section after p. 11; its text is quoted in
  // TheKikGen/MPCLiveXplore-libs, src/tmm-plugins/Iamforce-LPMK2.h).
  'novation/launchpad/mk2': {
    startup: ['F0 00 20 29 02 18 22 00 F7'],
    shutdown: [],
    steadyLeds: new Set([...leds(0x90, [...PROGRAMMER_PADS, ...range(19, 89, 10)]), ...leds(0xb0, range(104, 111))]),
    palette: { kind: 'led-colour', header: [0x00, 0x20, 0x29, 0x02, 0x18, 0x0a], maxPairs: 80 },
    rgb: { kind: 'led-rgb', header: [0x00, 0x20, 0x29, 0x02, 0x18, 0x0b], channelMax: 63, maxGroups: 80 },
  },
  // Novation, Launchpad X Programmer's Reference Manual: Programmer / Live mode switch 0Eh <mode> (pp. 7-8),
  // Programmer mode layout (p. 10), channel 1 = static colour (p. 13), LED lighting SysEx 03h with lighting
  // type 0 = palette colour and type 3 = RGB 0-127, up to 81 colourspecs (p. 15).
  'novation/launchpad/x': {
    startup: ['F0 00 20 29 02 0C 0E 01 F7'],
    shutdown: ['F0 00 20 29 02 0C 0E 00 F7'],
    steadyLeds: programmerLeds,
    palette: { kind: 'typed-palette', header: [0x00, 0x20, 0x29, 0x02, 0x0c, 0x03], maxSpecs: 81 },
    rgb: { kind: 'typed-led', header: [0x00, 0x20, 0x29, 0x02, 0x0c, 0x03], maxSpecs: 81 },
  },
  // Novation, Launchpad Mini [MK3] Programmer's Reference Manual: Programmer / Live mode switch (p. 7),
  // Programmer mode layout (p. 10), "Sending colours by MIDI events" (channel 1 static), "LED lighting SysEx
  // message" (03h, type 0 palette colour, type 3 RGB 0-127, up to 81 colourspecs).
  'novation/launchpad/mini-mk3': {
    startup: ['F0 00 20 29 02 0D 0E 01 F7'],
    shutdown: ['F0 00 20 29 02 0D 0E 00 F7'],
    steadyLeds: programmerLeds,
    palette: { kind: 'typed-palette', header: [0x00, 0x20, 0x29, 0x02, 0x0d, 0x03], maxSpecs: 81 },
    rgb: { kind: 'typed-led', header: [0x00, 0x20, 0x29, 0x02, 0x0d, 0x03], maxSpecs: 81 },
  },
  // Novation, Launchpad Pro [MK3] Programmer's Reference Manual (2020-04): LED lighting SysEx 0Eh 03h with the
  // same lighting types, 0 palette and 3 RGB (p. 12), up to 106 colour specs; channel 1 static (p. 8). Still unverified: the 0Eh
  // Programmer / Live toggle (that edition documents layout select 00h 11h instead), and the Windows port names.
  'novation/launchpad/pro-mk3': {
    startup: ['F0 00 20 29 02 0E 0E 01 F7'],
    shutdown: ['F0 00 20 29 02 0E 0E 00 F7'],
    steadyLeds: programmerLeds,
    palette: { kind: 'typed-palette', header: [0x00, 0x20, 0x29, 0x02, 0x0e, 0x03], maxSpecs: 106 },
    rgb: { kind: 'typed-led', header: [0x00, 0x20, 0x29, 0x02, 0x0e, 0x03], maxSpecs: 106 },
  },
  // Novation, Launchpad S Programmer's Reference Manual v1.02 (which also covers the original Launchpad and the
  // Mini): reset B0h 00h 00h, X-Y layout B0h 00h 01h, key = 10h·row + column, top buttons CC 68h-6Fh, colour
  // velocity = 10h·green + red + 0Ch (copy and clear flags, normal use). No RGB: red and green LEDs only.
  'novation/launchpad/s': { startup: ['B0 00 00', 'B0 00 01'], shutdown: ['B0 00 00'], steadyLeds: XY_LEDS, palette: null, rgb: null },
  'novation/launchpad/mini': { startup: ['B0 00 00', 'B0 00 01'], shutdown: ['B0 00 00'], steadyLeds: XY_LEDS, palette: null, rgb: null },
  'novation/launchpad/mk1': { startup: ['B0 00 00', 'B0 00 01'], shutdown: ['B0 00 00'], steadyLeds: XY_LEDS, palette: null, rgb: null },
  // Akai, APC mini mk2 Communication Protocol v1.0: pads notes 0-63 whose channel selects the behaviour, channel
  // 6 (MIDI 7) = solid at 100 %; track buttons notes 100-107 and scene buttons 112-119, single colour, on
  // channel 0; RGB Color Lighting SysEx 24h with MSB/LSB-split 8-bit colours and a 14-bit length (p. 9).
  // Still unverified: several ranges in one message (one range per message is sent), the scene-button order.
  'akai/apc/mini-mk2': {
    startup: [],
    shutdown: [],
    steadyLeds: new Set([...leds(0x96, range(0, 63)), ...leds(0x90, [...range(100, 107), ...range(112, 119)])]),
    palette: null,
    rgb: { kind: 'akai-ranges', header: [0x47, 0x7f, 0x4f, 0x24], pads: range(0, 63) },
  },
  // Akai APC mini (mk1): no Akai document found; numbering as widely reported (pads 0-63, track buttons
  // 64-71, scene buttons 82-89, velocities 1/3/5 = green/red/yellow). Everything here is still unverified.
  'akai/apc/mini': {
    startup: [],
    shutdown: [],
    steadyLeds: new Set(leds(0x90, [...range(0, 71), ...range(82, 89)])),
    palette: null,
    rgb: null,
  },
  // Ableton, Push 2 MIDI and Display Interface Manual 1.1: "Set MIDI Mode" 0Ah (1 = User, 0 = Live), "Set LED
  // Color Palette Entry" 03h and "Reapply Color Palette" 05h (RGB LED Color Processing), channel 0 = no
  // animation (LED Animation), pads notes 36-99, display buttons CC 20-27, scene buttons CC 36-43 (MIDI Mapping).
  'ableton/push/push-2': {
    startup: ['F0 00 21 1D 01 01 0A 01 F7'],
    shutdown: ['F0 00 21 1D 01 01 0A 00 F7'],
    steadyLeds: new Set([...leds(0x90, range(36, 99)), ...leds(0xb0, [...range(20, 27), ...range(36, 43)])]),
    palette: null,
    rgb: null,
  },
  // Ableton Push 3 in User mode speaks Push 2's MIDI interface (the manual above; no Ableton document for the
  // Push 3 was found): pads, buttons, palette and mode messages as for the Push 2, as public Push 3 drivers use them
  // (jaggednz/midigrid lib/devices/push3.lua: header 00 21 1D 01 01, palette 03h/05h, pads 36-99, CC 20-27, 36-43).
  'ableton/push/push-3': {
    startup: ['F0 00 21 1D 01 01 0A 01 F7'],
    shutdown: ['F0 00 21 1D 01 01 0A 00 F7'],
    steadyLeds: new Set([...leds(0x90, range(36, 99)), ...leds(0xb0, [...range(20, 27), ...range(36, 43)])]),
    palette: null,
    rgb: null,
  },
};

/** A view that lights every kind of light: all states in the status column, accents, actions, overflow. */
const fullView = view({
  selectedState: 'waiting_for_approval',
  sessions: IDENTITY_ACCENTS.map((accent, slot) => ({ slot, accent, state: AGENT_STATES[slot % AGENT_STATES.length]!, selected: slot === 0 })),
  availableActions: [...CONTROL_ACTIONS],
  overflowCount: 2,
});

/** A Show frame whose 80 lights all have different colours (fallback: a palette token every profile has). */
function distinctShow(): ShowFrame {
  let n = 0;
  const next = () => {
    n += 1;
    return color('state:success:primary', [(n * 37) % 256, (n * 91) % 256, (n * 53) % 256]);
  };
  return {
    grid: Array.from({ length: 8 }, () => Array.from({ length: 8 }, next)),
    top: Array.from({ length: 8 }, next),
    right: Array.from({ length: 8 }, next),
  };
}

const scaled = (channel: number, max: number) => Math.round((channel * max) / 255);

/** LED number → palette value decoded from the documented batched palette SysEx, checking its framing and limit. */
function decodePalette(format: PaletteFormat, sysex: readonly Uint8Array[]): Map<number, number> {
  const shown = new Map<number, number>();
  const width = format.kind === 'led-colour' ? 2 : 3;
  const limit = format.kind === 'led-colour' ? format.maxPairs : format.maxSpecs;
  for (const message of sysex) {
    expect(message[0]).toBe(0xf0);
    expect(message.at(-1)).toBe(0xf7);
    expect([...message.subarray(1, 1 + format.header.length)]).toEqual(format.header);
    const body = [...message.subarray(1 + format.header.length, -1)];
    expect(body.length % width).toBe(0);
    expect(body.length / width).toBeLessThanOrEqual(limit);
    for (let at = 0; at < body.length; at += width) {
      if (width === 3) expect(body[at]).toBe(0); // lighting type 0: static colour from the palette
      shown.set(body[at + width - 2]!, body[at + width - 1]!);
    }
  }
  return shown;
}

/** LED number → native (R, G, B) decoded from the documented RGB SysEx, checking its framing on the way. */
function decodeRgb(format: RgbFormat, sysex: readonly Uint8Array[]): Map<number, number[]> {
  const shown = new Map<number, number[]>();
  for (const message of sysex) {
    expect(message[0]).toBe(0xf0);
    expect(message.at(-1)).toBe(0xf7);
    expect([...message.subarray(1, 1 + format.header.length)]).toEqual(format.header);
    let body = [...message.subarray(1 + format.header.length, -1)];
    if (format.kind === 'led-rgb') {
      expect(body.length % 4).toBe(0);
      expect(body.length / 4).toBeLessThanOrEqual(format.maxGroups);
      for (let at = 0; at < body.length; at += 4) shown.set(body[at]!, body.slice(at + 1, at + 4));
    } else if (format.kind === 'typed-led') {
      expect(body.length % 5).toBe(0);
      expect(body.length / 5).toBeLessThanOrEqual(format.maxSpecs);
      for (let at = 0; at < body.length; at += 5) {
        expect(body[at]).toBe(3); // lighting type 3: RGB
        shown.set(body[at + 1]!, body.slice(at + 2, at + 5));
      }
    } else {
      const length = (body[0]! << 7) | body[1]!;
      body = body.slice(2);
      expect(body.length).toBe(length);
      expect(length % 8).toBe(0);
      for (let at = 0; at < body.length; at += 8) {
        const [first, last, rHi, rLo, gHi, gLo, bHi, bLo] = body.slice(at, at + 8) as number[];
        for (let pad = first!; pad <= last!; pad += 1) shown.set(pad, [(rHi! << 7) | rLo!, (gHi! << 7) | gLo!, (bHi! << 7) | bLo!]);
      }
    }
  }
  return shown;
}

describe('built-in profiles send the bytes their manufacturers document', () => {
  it('every built-in profile has its documented facts here', () => {
    expect(builtinProfileIds()).toEqual(Object.keys(DOCUMENTED).sort());
  });

  describe.each(Object.entries(DOCUMENTED))('%s', (id, documented) => {
    it('startup and shutdown messages', () => {
      const { surface, output } = mockSurface(id);
      surface.initialize();
      expect(output.sentHex().slice(0, documented.startup.length)).toEqual(documented.startup);
      const before = output.sent.length;
      surface.close();
      const closing = output.sentHex().slice(before);
      expect(closing.slice(closing.length - documented.shutdown.length)).toEqual(documented.shutdown);
    });

    it(
      documented.palette === null
        ? 'a full frame: every light a steady Note On / Control Change at a documented LED'
        : 'a full frame: one batched palette SysEx in the documented format',
      () => {
        const { surface, output, profile } = mockSurface(id);
        surface.render(fullView);
        const format = documented.palette;
        if (format === null) {
          expect(output.sent).toHaveLength(56 + 8 + 8 + 4 + 1); // cold cache: every semantic light once
          const undocumented = output.sent.map((m) => `${hex(m[0]!)}:${m[1]}`).filter((led) => !documented.steadyLeds.has(led));
          expect(undocumented).toEqual([]);
          return;
        }
        // The same lights and values as one message per light would set, in the documented message, all in one.
        expect(output.sent).toHaveLength(1);
        const shown = decodePalette(format, output.sent);
        const perLight = mockSurface(variantProfile(id, (doc) => delete doc['capabilities']['palette_sysex']));
        perLight.surface.render(fullView);
        expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(perLight.output.sent.map((m) => [m[1]!, m[2]!])));
        expect(shown.size).toBe(56 + 8 + 8 + 4 + 1);
        const documentedNumbers = new Set([...documented.steadyLeds].map((led) => Number(led.split(':')[1])));
        expect([...shown.keys()].filter((number) => !documentedNumbers.has(number))).toEqual([]);
        expect(profile.capabilities.palette_sysex).toBeDefined();
      },
    );

    it(
      documented.rgb === null
        ? 'a Show frame: the palette fallback of every light (no RGB SysEx fits)'
        : 'a Show frame: batched RGB SysEx in the documented format',
      () => {
        const { surface, output, profile } = mockSurface(id);
        const frame = distinctShow();
        surface.renderShowFrame(frame);
        const sysex = output.sent.filter((message) => message[0] === 0xf0);
        const format = documented.rgb;
        if (format === null) {
          expect(sysex).toEqual([]);
          const fallback = profile.lookup.colors.get('state:success:primary');
          const writes = channelWrites(output.sent);
          expect(writes).toHaveLength(80);
          expect(
            writes.every(
              (write) => write.value === fallback && documented.steadyLeds.has(`${hex((write.kind === 'note' ? 0x90 : 0xb0) | write.channel)}:${write.number}`),
            ),
          ).toBe(true);
          return;
        }
        const capability = profile.capabilities.show_rgb!;
        const shown = decodeRgb(format, sysex);
        const numbers = profile.grid.rows.flat();
        const expected = new Map<number, number[]>();
        frame.grid.flat().forEach((c, i) =>
          expected.set(
            numbers[i]!,
            c.rgb.map((v) => scaled(v, capability.channel_max)),
          ),
        );
        if (format.kind !== 'akai-ranges') {
          [...profile.surface.showcase.top, ...profile.surface.showcase.right].forEach((address, i) =>
            expected.set(
              address.number,
              [...frame.top, ...frame.right][i]!.rgb.map((v) => scaled(v, capability.channel_max)),
            ),
          );
          expect(output.sent.length).toBe(sysex.length); // nothing but RGB SysEx
          expect(sysex).toHaveLength(Math.ceil(80 / (format.kind === 'led-rgb' ? format.maxGroups : format.maxSpecs)));
        } else {
          expect([...shown.keys()].sort((a, b) => a - b)).toEqual(format.pads);
          // The single-colour rails take their palette fallbacks.
          expect(channelWrites(output.sent)).toHaveLength(16);
        }
        expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
      },
    );
  });
});
