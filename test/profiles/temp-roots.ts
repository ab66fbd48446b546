import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { proMk1, type Json } from './helpers.js';

const made: string[] = [];

/** A fresh temporary folder, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pad-lattice-profiles-'));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A valid user profile (the Pro Mk1 layout) with its own metadata, so its id is `<manufacturer>/<family>/<model>` slugged. */
export function userProfile(manufacturer: string, family: string, model: string, status = 'experimental'): Json {
  return proMk1((doc) => {
    Object.assign(doc, { manufacturer, family, model, status, name: `${manufacturer} ${family} ${model}` });
    doc.id = [manufacturer, family, model].map((part) => part.toLowerCase().replace(/[^a-z0-9]+/g, '-')).join('/');
    doc.ports = { input: [`^${model} in`], output: [`^${model} out`] };
  });
}

export async function writeJson(path: string, value: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  return path;
}
