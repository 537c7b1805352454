/** A domain error carries the HTTP status it is answered with; one error handler maps it. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(404, 'not_found', `${what} not found`);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, field?: string) {
    super(400, 'validation', message, field ? { field } : {});
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, body: Record<string, unknown> = {}) {
    super(409, 'conflict', message, body);
  }
}

/** A user-visible uniqueness clash: answered as the spec's `{type: 'duplicate', field}`. */
export class DuplicateError extends DomainError {
  constructor(readonly field: string) {
    super(409, 'duplicate', `Duplicate entry: ${field}`, { type: 'duplicate', field });
  }
}
