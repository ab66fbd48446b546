import { describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';

describe('browser tests without Chromium', () => {
  it('fail (not skip) and say how to install it', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow('apt-get install -y chromium');
  });
});
