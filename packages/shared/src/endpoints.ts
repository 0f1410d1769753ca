import { accountEndpoints } from './account/account.endpoints';
import type { Endpoint } from './common/endpoint';
import { usersEndpoints } from './users/users.endpoints';

/** Every endpoint contract of the API, for route registration, OpenAPI and the auth matrix test. */
export const ALL_ENDPOINTS: Endpoint[] = [...Object.values(accountEndpoints), ...Object.values(usersEndpoints)];
