import { formatIssueLine, type ProfileIssue } from './issues.js';

/** The source name used for profiles that did not come from a file. */
export const IN_MEMORY_SOURCE = '<memory>';

/** Base class of every profile and catalog error, so callers can tell them from I/O bugs. */
export class ProfileError extends Error {
  override readonly name: string = 'ProfileError';
}

/** A profile broke one or more rules; `issues` lists all of them in the spec's evaluation order. */
export class ProfileValidationError extends ProfileError {
  override readonly name = 'ProfileValidationError';
  constructor(
    readonly source: string,
    readonly issues: readonly ProfileIssue[],
  ) {
    super(issues.map((issue) => formatIssueLine(source, issue)).join('\n'));
  }
}

/** A profile file is missing or not JSON. */
export class ProfileFileError extends ProfileError {
  override readonly name = 'ProfileFileError';
  constructor(
    readonly source: string,
    /** The reason without the file name, for lines that are already prefixed by it. */
    readonly detail: string,
    message: string,
  ) {
    super(message);
  }
}

/** A catalog query failed, e.g. an unknown profile id. */
export class CatalogError extends ProfileError {
  override readonly name = 'CatalogError';
}
