import { isApiError } from '../../../lib/api-error';

/**
 * Spec 000 §8 'Invitation or proposal load error: the not-found page': an invitation or proposal the
 * API does not find (404) or whose address is not an id (400) shows the app's not-found page; any
 * other failure (the server or the network) keeps the page with an error and a retry.
 */
export const isNotFoundError = (error: unknown): boolean => isApiError(error) && (error.status === 404 || error.status === 400);
