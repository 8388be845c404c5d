/** The few typed errors services throw; the app's error handler maps each to one JSON shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Your session has ended. Please sign in again.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
/** A service the request needs (document storage...) cannot be reached now: 503, worth a retry. */
export class ServiceUnavailableError extends AppError {
  /** What failed underneath, by code (an errno, an HTTP status): for the log line, never for the client. */
  readonly causeCode: string | undefined;
  constructor(message: string, options: { cause?: unknown; causeCode?: string } = {}) {
    super(503, message);
    this.cause = options.cause;
    this.causeCode = options.causeCode;
  }
}

/** The one message for an order that does not exist (or that a path does not name), whichever feature was asked. */
export const ORDER_NOT_FOUND = 'Order not found.';
