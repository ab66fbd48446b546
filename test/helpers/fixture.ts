import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * A resource started before each test (`each`) or once before all tests
 * (`all`) of the calling file or describe, and stopped after. Call at that
 * level; the returned function gives the running resource.
 */
export function fixture<T>(scope: 'each' | 'all', start: () => Promise<T>, stop: (resource: T) => Promise<void>, startTimeoutMs?: number): () => T {
  let resource: { readonly value: T } | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    resource = { value: await start() };
  }, startTimeoutMs);
  after(async () => {
    const running = resource;
    resource = undefined;
    if (running !== undefined) await stop(running.value);
  });
  return () => {
    if (resource === undefined) throw new Error(scope === 'each' ? 'this fixture runs only inside a test' : 'this fixture runs only once its file has started');
    return resource.value;
  };
}
