import { describe, expect, it } from 'vitest';
import { defaultSocketPath } from '../../src/unix-socket/socket-path.js';

describe('defaultSocketPath (wire-protocol-1.md §2)', () => {
  it('prefers a non-empty PAD_LATTICE_SOCKET verbatim', () => {
    expect(defaultSocketPath({ PAD_LATTICE_SOCKET: 'rel/../x.sock', XDG_RUNTIME_DIR: '/run/user/1' }, 1)).toBe('rel/../x.sock');
  });

  it('then XDG_RUNTIME_DIR joined with pad-lattice.sock', () => {
    expect(defaultSocketPath({ PAD_LATTICE_SOCKET: '', XDG_RUNTIME_DIR: '/run/user/1' }, 1)).toBe('/run/user/1/pad-lattice.sock');
    expect(defaultSocketPath({ XDG_RUNTIME_DIR: '/run/user/1/' }, 1)).toBe('/run/user/1/pad-lattice.sock');
  });

  it('else pad-lattice.sock in the private folder /tmp/pad-lattice-<uid>/ (not straight in /tmp, where another user could take the name first)', () => {
    expect(defaultSocketPath({ XDG_RUNTIME_DIR: '' }, 1234)).toBe('/tmp/pad-lattice-1234/pad-lattice.sock');
  });
});
