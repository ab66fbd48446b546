import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as JpegJs from 'jpeg-js';

/*
 * Key images for the models that take JPEG, encoded in pure JavaScript
 * (jpeg-js: no native code, nothing downloaded at install). jpeg-js builds its
 * tables on every call, which costs far more than a key's pixels, and a pad
 * shows few distinct faces (lit/unlit actions, one glyph per state, Scenes),
 * so encoded images are remembered by the digest of their pixels.
 */

const QUALITY = 90;
const CACHE_LIMIT = 256;
const cache = new Map<string, Uint8Array>();

export async function encodeJpeg(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const digest = createHash('sha1').update(rgba).update(`${width}x${height}`).digest('base64');
  const known = cache.get(digest);
  if (known !== undefined) {
    cache.delete(digest);
    cache.set(digest, known); // most recently used last
    return known;
  }
  const jpeg = createRequire(import.meta.url)('jpeg-js') as typeof JpegJs;
  const encoded = jpeg.encode({ data: rgba, width, height }, QUALITY).data;
  cache.set(digest, encoded);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return encoded;
}
