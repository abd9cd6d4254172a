import { ApiError } from '../api/http';

/** The Spanish sentence to show in a form for a failed call. */
export function errorMessage(cause: unknown): string {
  return cause instanceof ApiError
    ? cause.message
    : 'Ha ocurrido un error inesperado. Inténtalo de nuevo.';
}
