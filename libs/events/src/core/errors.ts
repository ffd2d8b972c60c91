/** A command broke a business rule. `message` is for people (pt-BR, the spec's text where it has one). */
export class DomainError extends Error {
  constructor(
    /** Stable, machine-readable code, e.g. `NOTE_TITLE_REQUIRED`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The stream was not at the version the writer expected (someone else wrote first). */
export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: unknown,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An event (or its envelope) did not match its schema: nothing was written. */
export class InvalidEventError extends Error {
  readonly code = 'INVALID_EVENT';
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Invalid event ${eventType}: ${issues}`);
    this.name = 'InvalidEventError';
  }
}
