import { deviceProfileJsonSchemaText } from '../../profiles/index.js';
import { EXIT, UsageError, type CliIo } from '../command.js';

/** `profile schema`: prints the project's JSON Schema (the committed schemas/device-profile.schema.json is this output). */
export async function runProfileSchema(args: readonly string[], io: CliIo): Promise<number> {
  if (args.length > 0) throw new UsageError(`profile schema takes no arguments, got ${JSON.stringify(args[0])}`);
  io.stdout.write(deviceProfileJsonSchemaText());
  return EXIT.ok;
}
