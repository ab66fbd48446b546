import { createHash } from 'node:crypto';
import { deckProfiles, loadCatalog, type StreamDeckProfile } from '../../src/profiles/index.js';
import { DeckSurface, keysForProfile } from '../../src/stream-deck/deck-surface.js';
import type { DeckKey, DeckPanel } from '../../src/stream-deck/library.js';
import { BUILTIN_ROOT } from '../monome/helpers.js';

export const digest = (rgb: Uint8Array): string => createHash('sha1').update(rgb).digest('hex');

/**
 * A Stream Deck panel without the library or HID under it: it keeps the RGB
 * image each key was last given, so a test compares a key with the face the
 * deck meant to draw (drawFace), and it presses keys as the library reports them.
 */
export class FakeDeckPanel implements DeckPanel {
  readonly modelId = 'fake';
  readonly productName = 'Fake Deck';
  readonly keys: readonly DeckKey[];
  /** Each key's last image as a digest: equal digests, equal pictures (and cheap to compare and print). */
  readonly images = new Map<number, string>();
  #onKey: (index: number, down: boolean) => void = () => {};

  constructor(
    columns: number,
    rows: number,
    readonly keySize: number,
  ) {
    this.keys = Array.from({ length: columns * rows }, (_, index) => ({
      index,
      x: index % columns,
      y: Math.floor(index / columns),
      feedback: 'lcd' as const,
      width: keySize,
      height: keySize,
    }));
  }

  press(index: number): void {
    this.#onKey(index, true);
    this.#onKey(index, false);
  }

  async fillKeyImage(index: number, rgb: Uint8Array): Promise<void> {
    this.images.set(index, digest(rgb));
  }

  async fillKeyColor(): Promise<void> {}
  async setBrightness(): Promise<void> {}
  async clearPanel(): Promise<void> {}
  async close(): Promise<void> {}

  onKey(listener: (index: number, down: boolean) => void): void {
    this.#onKey = listener;
  }

  onError(): void {}
}

let builtin: Promise<readonly StreamDeckProfile[]> | null = null;

export async function builtinDeckProfile(id: string): Promise<StreamDeckProfile> {
  builtin ??= loadCatalog({ builtinRoot: BUILTIN_ROOT }).then((catalog) => deckProfiles(catalog.surfaces));
  const profile = (await builtin).find((p) => p.id === id);
  if (profile === undefined) throw new Error(`no built-in ${id}`);
  return profile;
}

/** A DeckSurface on a fake panel of the profile's size, laid out by the profile. */
export async function fakeDeck(profileId: string, keySize = 72): Promise<{ readonly panel: FakeDeckPanel; readonly surface: DeckSurface }> {
  const profile = await builtinDeckProfile(profileId);
  const panel = new FakeDeckPanel(profile.size.columns, profile.size.rows, keySize);
  const placed = keysForProfile(panel, profile);
  if ('missing' in placed) throw new Error(placed.missing);
  return { panel, surface: new DeckSurface({ panel, profile, onLost: () => {} }, placed.roles) };
}
