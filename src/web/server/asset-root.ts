import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../support/package-info.js';

/** Where `npm run build` puts the browser app (scripts/build-web.mjs). */
export function defaultAssetRoot(): string {
  return join(PACKAGE_ROOT, 'dist', 'web-app');
}

export class WebAppMissingError extends Error {
  override readonly name = 'WebAppMissingError';

  constructor(readonly assetRoot: string) {
    super(`the browser app is not built: ${join(assetRoot, 'index.html')} is missing; run "npm run build" first`);
  }
}
