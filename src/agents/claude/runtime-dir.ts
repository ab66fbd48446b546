// The private runtime directory is shared by every adapter (the Codex launcher keeps its lingering sessions there too).
export { ensurePrivateDir, isPrivateDir, privateRuntimeDir, realUid } from '../shared/runtime-dir.js';
