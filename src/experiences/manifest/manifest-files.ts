import { readFile } from 'node:fs/promises';
import type { DemoManifest } from './demo-manifest.js';
import { parseDemoManifest } from './demo-loader.js';
import { ManifestError } from './manifest-error.js';
import type { PerformanceManifest } from './performance-manifest.js';
import { parsePerformanceManifest } from './performance-loader.js';
import { errorMessage } from '../../support/error-message.js';
import { fileProblem } from '../../support/file-errors.js';

/*
 * Reading manifests from files: the only I/O of the experiences module, kept
 * apart so the parsers stay usable where there is no file system (a browser).
 */

async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ManifestError(path, `cannot be read: ${fileProblem(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ManifestError(path, `is not valid JSON (${errorMessage(error)})`);
  }
}

/** Reads and checks a Demo Manifest 1 file; errors name the file and the JSON location. */
export async function loadDemoManifest(path: string): Promise<DemoManifest> {
  return parseDemoManifest(await readJsonFile(path), path);
}

/** Reads and checks a Performance Manifest 1 file; errors name the file and the JSON location. */
export async function loadPerformanceManifest(path: string): Promise<PerformanceManifest> {
  return parsePerformanceManifest(await readJsonFile(path), path);
}
