import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import type { HidBackend } from '../../hid/hid-device.js';
import { describeHidDevice, hidDeviceJson, listHidDevices, type HidListing } from '../../hid/listing.js';
import { createNodeHidBackend } from '../../hid/node-hid-backend.js';
import { MidiUnavailableError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { opensAutomatically, type CatalogLoad } from '../../profiles/index.js';
import { describeSerialPort, listSerialPorts, serialPortJson, type SerialListing } from '../../serial/listing.js';
import type { SerialBackend } from '../../serial/serial-port.js';
import { createSerialportBackend } from '../../serial/serialport-backend.js';
import { loadCatalogFor, problemLines } from './profile-context.js';
import { askEach, hardwareFacts } from '../../diagnostics/identity-probe.js';
import { describeSurfaceMatch, surfaceMatches, surfaceMatchJson, type SurfaceMatch } from '../../diagnostics/surface-listing.js';
import { loadStreamDeckLibrary, type DeckModelSpec } from '../../stream-deck/library.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

const HELP = `Usage: pad-lattice devices [--all] [--json]

Lists every device profile that matches the MIDI ports now, experimental
profiles included: the profile id, its status, and the input and output port
it would use. The daemon opens by itself the supported profiles (tested on
hardware) and those checked against the manufacturer's documents ("opens
automatically"); any other experimental one needs 'pad-lattice daemon
--profile ID'. A guided test confirms a profile on your hardware:
'pad-lattice profile test ID --report FILE'.

Each matched MIDI device is asked who it is (a Device Inquiry, F0 7E 7F 06 01
F7); one that answers is shown with its maker and firmware. The profile's USB
vendor and product ids are shown where the profile knows them.

Beside them it lists the monome grids (serial) and Stream Decks (HID) the
daemon would open; their surface profile is chosen when one is opened (a grid
by the size it reports, a Stream Deck by its key grid). Nothing is opened here.

With --all it also lists every serial port and HID device, or says plainly why
this machine cannot list them.

Options:
  --all     also list every serial port and HID device
  --json    print {"matches":[{"profile","status","opens_automatically",
            "input","output","usb","identity","identity_unavailable"}, ...],
            "surfaces":[{"kind","device","path","serial_number"}, ...]};
            with --all also "serial":{"available":true,"ports":[...]} and
            "hid":{"available":true,"devices":[...]}, each of them
            {"available":false,"reason"} when it cannot be listed
  -h, --help

Exit status: 0 listed (also when nothing matches), 1 a profile file failed to
load (the others are still matched), 3 MIDI is unavailable on this machine
(--all still lists serial and HID then, without "matches"). Serial or HID
being unavailable does not change the exit status.
`;

export interface DevicesDeps {
  readonly backend: () => MidiBackend;
  readonly loadCatalog: (io: CliIo) => Promise<CatalogLoad>;
  /** For --all; the serialport and node-hid adapters when not given. */
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  /** The Stream Deck models; the library's table when not given. */
  readonly deckModels?: () => readonly DeckModelSpec[];
  /** How long a device may take to answer the Device Inquiry. */
  readonly identityTimeoutMs?: number;
}

/** The command with its backend and catalog injectable, so tests can match mock ports. */
export function makeDevicesCommand(deps: DevicesDeps): Command {
  return {
    name: 'devices',
    summary: 'List the controllers that are connected: MIDI profile matches, monome grids, Stream Decks',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, { json: { type: 'boolean', default: false }, all: { type: 'boolean', default: false } });
      const json = values.json === true;
      const { catalog, problems } = await deps.loadCatalog(io);
      for (const line of problemLines(problems)) io.stderr.write(`pad-lattice devices: warning: ${line}\n`);
      let ports;
      let backend: MidiBackend;
      try {
        backend = deps.backend();
        ports = backend.listPorts();
      } catch (error) {
        if (!(error instanceof MidiUnavailableError)) throw error;
        io.stderr.write(`pad-lattice devices: ${error.message}\n`);
        // Serial and HID do not need MIDI, so they are still listed.
        const extra = await listOtherDevices(deps);
        const all = values.all === true;
        const found = extra.surfaces.length === 0 && !all ? 'no monome grid or Stream Deck found\n' : surfacesText(extra);
        io.stdout.write(
          json
            ? `${stringifyJsonSafely({ surfaces: extra.surfaces.map(surfaceMatchJson), ...(all ? extraJson(extra) : {}) })}\n`
            : found + (all ? extraText(extra) : ''),
        );
        return EXIT.unavailable;
      }
      const candidates = catalog.detect(ports.inputs, ports.outputs, true);
      const answerOf = await askEach(backend, candidates, deps.identityTimeoutMs);
      const matches = candidates.map(({ profile, input, output }) => ({
        profile: profile.id,
        status: profile.status,
        opens_automatically: opensAutomatically(profile),
        input,
        output,
        ...hardwareFacts(profile, answerOf({ input, output })),
      }));
      const extra = await listOtherDevices(deps);
      const all = values.all === true;
      if (json) {
        io.stdout.write(`${stringifyJsonSafely({ matches, surfaces: extra.surfaces.map(surfaceMatchJson), ...(all ? extraJson(extra) : {}) })}\n`);
      } else if (matches.length === 0 && extra.surfaces.length === 0) {
        io.stdout.write("no matching devices (see 'pad-lattice ports' for what is connected)\n");
      } else {
        const style = makeStyle(colourEnabled(io.stdout, io.env));
        for (const match of matches) {
          const status =
            match.status === 'supported'
              ? style.green(match.status)
              : match.opens_automatically
                ? style.yellow(`${match.status}: opens automatically, not yet tested on hardware`)
                : style.yellow(`${match.status}: use --profile ${match.profile}`);
          io.stdout.write(`${style.bold(match.profile)} [${status}]\n  input:  ${escapeUntrusted(match.input)}\n  output: ${escapeUntrusted(match.output)}\n`);
          if (match.usb !== null) io.stdout.write(`  usb:    ${match.usb}\n`);
          if (match.identity !== null) io.stdout.write(`  device: ${escapeUntrusted(match.identity.description)}\n`);
        }
      }
      if (!json) io.stdout.write(surfacesText(extra) + (all ? extraText(extra) : ''));
      return problems.length === 0 ? EXIT.ok : EXIT.failure;
    },
  };
}

interface OtherDevices {
  readonly serial: SerialListing;
  readonly hid: HidListing;
  readonly surfaces: readonly SurfaceMatch[];
}

async function listOtherDevices(deps: DevicesDeps): Promise<OtherDevices> {
  const [serial, hid] = await Promise.all([
    listSerialPorts(deps.serialBackend ?? createSerialportBackend),
    listHidDevices(deps.hidBackend ?? createNodeHidBackend),
  ]);
  return { serial, hid, surfaces: surfaceMatches(serial, hid, deckModelsOrNone(deps)) };
}

/** The library's Stream Deck models, or none when it cannot be loaded (the HID listing still shows the devices). */
function deckModelsOrNone(deps: DevicesDeps): readonly DeckModelSpec[] {
  try {
    return deps.deckModels?.() ?? loadStreamDeckLibrary().models;
  } catch {
    return [];
  }
}

const surfacesText = ({ surfaces }: OtherDevices) => surfaces.map(describeSurfaceMatch).join('');

function extraJson({ serial, hid }: OtherDevices) {
  return {
    serial: serial.available ? { available: true, ports: serial.ports.map(serialPortJson) } : serial,
    hid: hid.available ? { available: true, devices: hid.devices.map(hidDeviceJson) } : hid,
  };
}

type Section = { readonly available: true; readonly lines: readonly string[] } | { readonly available: false; readonly reason: string };

/** "HEADING: none", the heading with one indented line per item, or the reason (which names serial or HID itself). */
function sectionText(heading: string, section: Section): string {
  if (!section.available) return `${section.reason}\n`;
  if (section.lines.length === 0) return `${heading}: none\n`;
  // Device names and serial numbers come from the devices: shown escaped.
  return `${heading}:\n${section.lines.map((line) => `  ${escapeUntrusted(line)}\n`).join('')}`;
}

function extraText({ serial, hid }: OtherDevices): string {
  return (
    sectionText('serial ports', serial.available ? { available: true, lines: serial.ports.map(describeSerialPort) } : serial) +
    sectionText('HID devices', hid.available ? { available: true, lines: hid.devices.map(describeHidDevice) } : hid)
  );
}

export const devicesCommand = makeDevicesCommand({
  backend: () => gateOnSequencer(createJulusianBackend()),
  loadCatalog: loadCatalogFor,
});
