import type { HidBackend, HidDeviceInfo } from '../hid/hid-device.js';
import { profileForSize, type StreamDeckProfile } from '../profiles/surface/index.js';
import { DECK_FRAME_INTERVAL_MS, DeckSurface, keysForProfile } from './deck-surface.js';
import { HidBridge } from './hid-bridge.js';
import { encodeJpeg } from './jpeg.js';
import type { DeckModelSpec, StreamDeckLibrary } from './library.js';
import type { OpenedSurface, SurfaceCandidate, SurfaceDriver } from '../domain/index.js';

export interface DeckDriverOptions {
  readonly backend: () => HidBackend;
  readonly library: () => StreamDeckLibrary;
  readonly profiles: () => readonly StreamDeckProfile[];
  readonly frameIntervalMs?: number;
  /** How often the HID devices are listed; default 2000 ms (a deck is noticed within about two seconds). */
  readonly scanIntervalMs?: number;
  /** How long a device that could not be opened waits before it is tried again while it stays plugged in; default 10 s. */
  readonly retryMs?: number;
}

interface DeckCandidate extends SurfaceCandidate {
  readonly info: HidDeviceInfo;
  readonly model: DeckModelSpec;
}

/** The library's model for a HID device, by vendor/product id (and usage/interface where the model needs them). */
export function deckModelOf(models: readonly DeckModelSpec[], device: HidDeviceInfo): DeckModelSpec | undefined {
  return models.find(
    (model) =>
      model.vendorId === device.vendorId &&
      model.productIds.includes(device.productId) &&
      (model.usage === undefined || model.usage === device.usage) &&
      (model.interfaceNumber === undefined || model.interfaceNumber === device.interfaceNumber),
  );
}

/** Stream Decks for the surface hub: found through the library's model table, laid out by the profile for their key grid. */
export function deckDriver(options: DeckDriverOptions): SurfaceDriver<DeckCandidate> {
  return {
    label: 'HID',
    scanIntervalMs: options.scanIntervalMs ?? 2000,
    // A deck that could not be opened (held by another program …) is not tried again at every scan.
    retryMs: options.retryMs ?? 10_000,
    async list() {
      const models = options.library().models;
      return (await options.backend().list()).flatMap((info) => {
        const model = deckModelOf(models, info);
        return model === undefined ? [] : [{ key: `HID:${info.path}`, info, model, description: `${model.name} at ${info.path}` }];
      });
    },
    async open(deck, onLost): Promise<OpenedSurface> {
      const bridge = new HidBridge(await options.backend().open(deck.info.path), deck.info);
      try {
        const panel = await options.library().open(bridge, deck.info.productId, encodeJpeg);
        const columns = Math.max(...panel.keys.map((key) => key.x)) + 1;
        const rows = Math.max(...panel.keys.map((key) => key.y)) + 1;
        const profile = profileForSize(options.profiles(), columns, rows);
        if (profile === undefined)
          throw new Error(
            `no surface profile fits a ${columns}x${rows} ${panel.productName}; add one with "driver": "hid.stream-deck" and "size": {"columns": ${columns}, "rows": ${rows}}`,
          );
        const placed = keysForProfile(panel, profile);
        if ('missing' in placed) throw new Error(placed.missing);
        const surface = new DeckSurface({ panel, profile, onLost }, placed.roles);
        return {
          surface,
          descriptor: {
            kind: 'hid',
            profile: profile.id,
            visualProtocol: 1,
            input: `${panel.productName} ${deck.info.path}`,
            output: `${panel.productName} ${deck.info.path}`,
          },
          frameIntervalMs: options.frameIntervalMs ?? DECK_FRAME_INTERVAL_MS,
          profileCurrent: () => profileForSize(options.profiles(), columns, rows) === profile,
          ...(profile.status === 'experimental' ? { notice: `${profile.id} is not yet checked on hardware; please report how it works` } : {}),
        };
      } catch (error) {
        await bridge.close();
        throw error;
      }
    },
  };
}
