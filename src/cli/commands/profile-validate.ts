import { formatIssueLine, parseProfileFile, problemFromError, readProfileText, type SchemaValidator } from '../../profiles/index.js';
import { EXIT, UsageError, type CliIo } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { makeSchemaValidator } from './profile-schema-check.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

type FileReport =
  | { readonly file: string; readonly valid: true; readonly id: string; readonly status: string }
  | { readonly file: string; readonly valid: false; readonly issues: readonly { path: string; message: string }[] };

async function validateFile(file: string, schemaValidator: SchemaValidator | undefined): Promise<FileReport> {
  try {
    // A serial/HID surface profile (Surface Profile Schema 1) is checked by its own rules.
    const { profile } = parseProfileFile(await readProfileText(file), file, schemaValidator === undefined ? {} : { schemaValidator });
    return { file, valid: true, id: profile.id, status: profile.status };
  } catch (error) {
    return { file, valid: false, issues: problemFromError(file, error).issues };
  }
}

/**
 * `profile validate FILE...`: a dry run that never opens MIDI. Exit 0 when
 * every file is valid; otherwise 1, with every error on its own line, prefixed by the file.
 */
export async function runProfileValidate(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      json: { type: 'boolean', default: false },
      'validate-schema': { type: 'boolean', default: false },
      schema: { type: 'string' },
    },
    true,
  );
  if (positionals.length === 0) throw new UsageError('profile validate needs at least one FILE');
  const useSchema = values['validate-schema'] === true || values.schema !== undefined;
  const schemaValidator = useSchema ? await makeSchemaValidator(values.schema) : undefined;
  const reports: FileReport[] = [];
  for (const file of positionals) reports.push(await validateFile(file, schemaValidator));
  if (values.json === true) {
    io.stdout.write(`${stringifyJsonSafely({ files: reports }, 2)}\n`);
  } else {
    for (const report of reports) {
      if (report.valid) io.stdout.write(`${escapeUntrusted(report.file)}: ok ${report.id} [${report.status}]\n`);
      else for (const issue of report.issues) io.stdout.write(`${escapeUntrusted(formatIssueLine(report.file, issue))}\n`);
    }
  }
  return reports.every((report) => report.valid) ? EXIT.ok : EXIT.failure;
}
