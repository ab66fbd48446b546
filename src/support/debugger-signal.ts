/**
 * Node opens its inspector (an unauthenticated debugger on 127.0.0.1:9229,
 * reachable by every local user) when the process receives SIGUSR1. A
 * listener of our own replaces that default, so no signal can make a
 * Pad-Lattice process listen on a port it did not choose. `onSignal` may
 * say in the log that the signal was ignored.
 */
export function refuseDebuggerSignal(onSignal: () => void = () => undefined): () => void {
  process.on('SIGUSR1', onSignal);
  return () => process.off('SIGUSR1', onSignal);
}
