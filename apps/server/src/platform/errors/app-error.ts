import { errorCatalogue, type ApiErrorBody, type ErrKey } from '@glimpse/contract';

/** A failure the client can act on: carries a catalogued err_key and maps to its HTTP status. */
export class AppError extends Error {
  readonly errKey: ErrKey;
  readonly status: number;
  readonly details: Omit<ApiErrorBody, 'err_key'>;

  constructor(errKey: ErrKey, details: Omit<ApiErrorBody, 'err_key'> = {}) {
    super(errKey);
    this.errKey = errKey;
    this.status = errorCatalogue[errKey].status;
    this.details = details;
  }

  toBody(): ApiErrorBody {
    return { err_key: this.errKey, ...this.details };
  }
}

/** Field-level validation failure in the shape of spec section 8 (`errors` by field). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_failed', { errors: { [field]: [message] } });
}
