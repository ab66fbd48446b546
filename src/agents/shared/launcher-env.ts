/** Environment variables a launcher sets for its agent, which the hooks read (agent-adapters.md §A.4 steps 4–6, §B.4). */
export const LAUNCHER_ENV = Object.freeze({
  leaseId: 'PAD_LATTICE_LEASE_ID',
  socket: 'PAD_LATTICE_SOCKET',
  label: 'PAD_LATTICE_LABEL',
  terminalTitle: 'PAD_LATTICE_TERMINAL_TITLE',
  /** The session id the Codex launcher shows until Codex reports its own (see codex/placeholder.ts). */
  placeholder: 'PAD_LATTICE_PLACEHOLDER_SESSION_ID',
});
