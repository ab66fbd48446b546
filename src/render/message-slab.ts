const SLAB_BYTES = 16 * 1024;

/**
 * Cuts outgoing SysEx messages from a shared buffer: a fresh Uint8Array of a
 * few hundred bytes lives outside the JS heap and costs about a microsecond,
 * a view on a slab a tenth of that. Views never overlap; a full slab stays
 * alive only as long as messages cut from it do.
 */
export class MessageSlab {
  #slab = new ArrayBuffer(SLAB_BYTES);
  #used = 0;

  cut(length: number): Uint8Array {
    if (this.#used + length > this.#slab.byteLength) {
      this.#slab = new ArrayBuffer(Math.max(SLAB_BYTES, length));
      this.#used = 0;
    }
    const message = new Uint8Array(this.#slab, this.#used, length);
    this.#used += length;
    return message;
  }
}
