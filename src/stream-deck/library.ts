import { createRequire } from 'node:module';
import type * as StreamDeckCore from '@elgato-stream-deck/core';
import type { HIDDevice } from '@elgato-stream-deck/core';

export type { HIDDevice, HIDDeviceEvents, HIDDeviceInfo } from '@elgato-stream-deck/core';

/*
 * The only file that touches `@elgato-stream-deck/core`, Julusian's maintained
 * Stream Deck library without its node-hid transport: the library knows every
 * model (ids, key grid, key image size and format) and speaks their HID
 * protocols; we hand it a device built on our own node-hid adapter
 * (hid-bridge.ts), so node-hid stays behind one file and tests can put a mock
 * under the library. Loaded lazily, on the first listing or open.
 */

/** Which HID devices are Stream Decks: the library's model table as frozen data. */
export interface DeckModelSpec {
  readonly id: string;
  readonly name: string;
  readonly vendorId: number;
  readonly productIds: readonly number[];
  readonly usage?: number | undefined;
  readonly interfaceNumber?: number | undefined;
}

export interface DeckKey {
  readonly index: number;
  readonly x: number;
  readonly y: number;
  /** `lcd` keys take images, `rgb` keys one colour, `none` keys only press. */
  readonly feedback: 'lcd' | 'rgb' | 'none';
  readonly width: number;
  readonly height: number;
}

/** An open Stream Deck, in the few operations the surface needs. */
export interface DeckPanel {
  readonly modelId: string;
  readonly productName: string;
  readonly keys: readonly DeckKey[];
  /** `rgb` is width × height × 3 bytes, row by row from the top-left, as the key shows it. */
  fillKeyImage(index: number, rgb: Uint8Array): Promise<void>;
  fillKeyColor(index: number, red: number, green: number, blue: number): Promise<void>;
  setBrightness(percent: number): Promise<void>;
  clearPanel(): Promise<void>;
  onKey(listener: (index: number, down: boolean) => void): void;
  onError(listener: (error: unknown) => void): void;
  close(): Promise<void>;
}

export interface StreamDeckLibrary {
  readonly models: readonly DeckModelSpec[];
  /** `encodeJPEG` is used by the models that take JPEG key images. */
  open(device: HIDDevice, productId: number, encodeJPEG: (rgba: Uint8Array, width: number, height: number) => Promise<Uint8Array>): Promise<DeckPanel>;
}

type Core = typeof StreamDeckCore;

let loaded: StreamDeckLibrary | null = null;

/** Throws (with the loader's words) when the package cannot be loaded. */
export function loadStreamDeckLibrary(load: () => Core = () => createRequire(import.meta.url)('@elgato-stream-deck/core') as Core): StreamDeckLibrary {
  loaded ??= wrap(load());
  return loaded;
}

function wrap(core: Core): StreamDeckLibrary {
  const specs = core.DEVICE_MODELS.filter((model) => model.type === core.DeviceModelType.STREAMDECK);
  const models: DeckModelSpec[] = specs.map((model) =>
    Object.freeze({
      id: model.id,
      name: model.productName,
      vendorId: model.vendorId,
      productIds: Object.freeze([...model.productIds]),
      usage: model.hidUsage,
      interfaceNumber: model.hidInterface,
    }),
  );
  return {
    models: Object.freeze(models),
    async open(device, productId, encodeJPEG) {
      const spec = specs.find((model) => model.productIds.includes(productId));
      if (spec === undefined) throw new Error(`product id ${productId.toString(16).padStart(4, '0')} is not a Stream Deck the library knows`);
      const deck = await spec.factory(device, { encodeJPEG });
      return panel(deck);
    },
  };
}

function panel(deck: StreamDeckCore.StreamDeck): DeckPanel {
  const keys: DeckKey[] = deck.CONTROLS.flatMap((control) =>
    control.type !== 'button'
      ? []
      : [
          Object.freeze({
            index: control.index,
            x: control.column,
            y: control.row,
            feedback: control.feedbackType,
            width: control.feedbackType === 'lcd' ? control.pixelSize.width : 0,
            height: control.feedbackType === 'lcd' ? control.pixelSize.height : 0,
          }),
        ],
  );
  return {
    modelId: deck.MODEL,
    productName: deck.PRODUCT_NAME,
    keys: Object.freeze(keys),
    fillKeyImage: (index, rgb) => deck.fillKeyBuffer(index, rgb, { format: 'rgb' }),
    fillKeyColor: (index, red, green, blue) => deck.fillKeyColor(index, red, green, blue),
    setBrightness: (percent) => deck.setBrightness(percent),
    clearPanel: () => deck.clearPanel(),
    onKey(listener) {
      deck.on('down', (control) => control.type === 'button' && listener(control.index, true));
      deck.on('up', (control) => control.type === 'button' && listener(control.index, false));
    },
    onError: (listener) => void deck.on('error', listener),
    close: () => deck.close(),
  };
}
