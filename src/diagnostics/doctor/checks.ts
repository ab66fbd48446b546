import type { HidBackend } from '../../hid/hid-device.js';
import { hidDeviceJson, listHidDevices } from '../../hid/listing.js';
import { MidiUnavailableError } from '../../midi/errors.js';
import type { MidiPortNames } from '../../midi/midi-port.js';
import { formatIssueLine, type CatalogLoad, type ProfileCatalog } from '../../profiles/index.js';
import { listSerialPorts, serialPortJson } from '../../serial/listing.js';
import type { SerialBackend } from '../../serial/serial-port.js';
import type { DoctorCheck } from './doctor-report.js';
import { surfaceMatches, surfaceMatchJson } from '../surface-listing.js';
import type { DeckModelSpec } from '../../stream-deck/library.js';
import { errorMessage } from '../../support/error-message.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface RuntimeFacts {
  readonly node: string;
  readonly system: string;
  readonly release: string;
  readonly version: string;
}

/** Pad-Lattice needs Node.js 20 or later (package.json `engines`). */
export function runtimeCheck(facts: RuntimeFacts): DoctorCheck {
  const major = Number(facts.node.split('.')[0]);
  const details = { node: facts.node, system: facts.system, release: facts.release, pad_lattice: facts.version };
  if (!(major >= 20)) return { name: 'runtime', status: 'error', summary: `Node.js ${facts.node} is too old; Pad-Lattice needs 20 or later`, details };
  return { name: 'runtime', status: 'ok', summary: `Node.js ${facts.node} on ${facts.system} ${facts.release}`, details };
}

/**
 * `profiles`: the catalog with user roots. A file that fails to load is an
 * error (the reference fails the whole catalog); the good profiles are still
 * listed, and still used by the `devices` check.
 */
export async function profilesCheck(load: () => Promise<CatalogLoad>): Promise<{ check: DoctorCheck; catalog: ProfileCatalog | null }> {
  let loaded: CatalogLoad;
  try {
    loaded = await load();
  } catch (error) {
    return { check: { name: 'profiles', status: 'error', summary: errorMessage(error), details: {} }, catalog: null };
  }
  const profiles = loaded.catalog.profiles.map(({ id, status }) => ({ id, status }));
  const problems = loaded.problems.flatMap((problem) => problem.issues.map((issue) => formatIssueLine(problem.source, issue)));
  if (problems.length > 0) {
    const summary = problems.length === 1 ? problems[0]! : `${problems[0]} (and ${plural(problems.length - 1, 'more problem', 'more problems')})`;
    return { check: { name: 'profiles', status: 'error', summary, details: { profiles, problems } }, catalog: loaded.catalog };
  }
  return {
    check: { name: 'profiles', status: 'ok', summary: `${plural(profiles.length, 'device profile', 'device profiles')} loaded`, details: { profiles } },
    catalog: loaded.catalog,
  };
}

/** `midi`: lists the ports (never opens one). */
export function midiCheck(listPorts: () => MidiPortNames): { check: DoctorCheck; ports: MidiPortNames } {
  let ports: MidiPortNames;
  try {
    ports = listPorts();
  } catch (error) {
    // `unavailable` tells MIDI missing on this machine (exit 3) from a backend that failed (exit 1).
    const details = error instanceof MidiUnavailableError ? { unavailable: error.reason } : {};
    return { check: { name: 'midi', status: 'error', summary: errorMessage(error), details }, ports: { inputs: [], outputs: [] } };
  }
  const details = { inputs: [...ports.inputs], outputs: [...ports.outputs] };
  const counts = `${ports.inputs.length} input and ${ports.outputs.length} output MIDI ports found`;
  if (ports.inputs.length === 0 && ports.outputs.length === 0)
    return { check: { name: 'midi', status: 'warning', summary: 'no MIDI ports found', details }, ports };
  if (ports.inputs.length === 0 || ports.outputs.length === 0) return { check: { name: 'midi', status: 'warning', summary: counts, details }, ports };
  return { check: { name: 'midi', status: 'ok', summary: counts, details }, ports };
}

/** `devices`: profile/port matches, experimental profiles included. */
export function devicesCheck(catalog: ProfileCatalog, ports: MidiPortNames): DoctorCheck {
  const matches = catalog.detect(ports.inputs, ports.outputs, true).map(({ profile, input, output }) => ({
    profile: profile.id,
    status: profile.status,
    input,
    output,
  }));
  if (matches.length === 0) return { name: 'devices', status: 'warning', summary: 'no device profile matches the MIDI ports', details: { matches } };
  return { name: 'devices', status: 'ok', summary: plural(matches.length, 'profile/port match', 'profile/port matches'), details: { matches } };
}

/** `daemon`: whether a daemon answers on the socket; not running is only a warning. */
export async function daemonCheck(socketPath: string, probe: (path: string) => Promise<boolean>): Promise<DoctorCheck> {
  const details = { socket: socketPath };
  try {
    if (await probe(socketPath)) return { name: 'daemon', status: 'ok', summary: `a daemon answers on ${socketPath}`, details };
    return { name: 'daemon', status: 'warning', summary: `no daemon is running on ${socketPath}; start one with 'pad-lattice daemon'`, details };
  } catch (error) {
    return { name: 'daemon', status: 'error', summary: `${socketPath}: ${errorMessage(error)}`, details };
  }
}

/*
 * `serial_backend` and `hid_backend`: whether the optional serial and HID drivers work
 * here. They only list (never open); a missing backend is a warning, never an error,
 * because MIDI and the browser pad work without them.
 */

export async function serialBackendCheck(backend: () => SerialBackend): Promise<DoctorCheck> {
  const listing = await listSerialPorts(backend);
  if (!listing.available) return { name: 'serial_backend', status: 'warning', summary: listing.reason, details: {} };
  const summary = `${plural(listing.ports.length, 'serial port', 'serial ports')} found`;
  return { name: 'serial_backend', status: 'ok', summary, details: { ports: listing.ports.map(serialPortJson) } };
}

export async function hidBackendCheck(backend: () => HidBackend): Promise<DoctorCheck> {
  const listing = await listHidDevices(backend);
  if (!listing.available) return { name: 'hid_backend', status: 'warning', summary: listing.reason, details: {} };
  const summary = `${plural(listing.devices.length, 'HID device', 'HID devices')} found`;
  return { name: 'hid_backend', status: 'ok', summary, details: { devices: listing.devices.map(hidDeviceJson) } };
}

/**
 * `surfaces`: the monome grids and Stream Decks among the serial ports and HID
 * devices (listed, never opened). None connected is fine: most setups have none.
 */
export async function serialHidSurfacesCheck(
  serial: () => SerialBackend,
  hid: () => HidBackend,
  deckModels: () => readonly DeckModelSpec[],
): Promise<DoctorCheck> {
  let models: readonly DeckModelSpec[] = [];
  try {
    models = deckModels();
  } catch {
    // Without the Stream Deck library no deck can be recognised; hid_backend says whether HID works.
  }
  const matches = surfaceMatches(await listSerialPorts(serial), await listHidDevices(hid), models);
  const grids = matches.filter((match) => match.kind === 'serial').length;
  const decks = matches.length - grids;
  const summary =
    matches.length === 0
      ? 'no monome grid or Stream Deck connected'
      : `${plural(grids, 'monome grid', 'monome grids')} and ${plural(decks, 'Stream Deck', 'Stream Decks')} connected`;
  return { name: 'surfaces', status: 'ok', summary, details: { surfaces: matches.map(surfaceMatchJson) } };
}
