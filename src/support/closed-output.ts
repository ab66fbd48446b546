/**
 * The one policy for a program whose output's reader went away (`pad-lattice
 * profile list | head -1`): the reader chose to stop reading, so the program
 * stops at once, quietly, with status 0, as a Unix tool killed by SIGPIPE
 * would stop (Node ignores SIGPIPE and raises EPIPE instead, which would
 * otherwise end in a stack trace). A daemon's 'exit' hook still removes its
 * socket and link files. A closed stderr cannot be reported anywhere: its
 * errors are dropped, so writing a warning never crashes the program.
 */
export function stopQuietlyWhenOutputCloses(
  stdout: NodeJS.EventEmitter,
  stderr: NodeJS.EventEmitter,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (isClosedPipe(error)) exit(0);
    else throw error;
  });
  stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (!isClosedPipe(error)) throw error;
  });
}

/** EPIPE: the reading end closed; ERR_STREAM_DESTROYED: a write after that. */
function isClosedPipe(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';
}
