import { z } from 'zod';

import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import {
  toggleResultSchema,
  transcoDiscomListSchema,
  userInputSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from './users.schemas';

const idParams = z.object({ id: z.string().uuid('Invalid id') });

export const usersEndpoints = {
  getUsers: defineEndpoint({
    id: 'Admin.GetUsers',
    method: 'GET',
    path: '/api/Admin/GetUsers',
    roles: ['Admin'],
    summary: 'Users, filtered and paged',
    query: userListQuerySchema,
    response: userListSchema,
  }),
  getUser: defineEndpoint({
    id: 'Admin.User.get',
    method: 'GET',
    path: '/api/Admin/User/:id',
    roles: ['Admin'],
    summary: 'One user',
    params: idParams,
    response: userSchema,
  }),
  enableDisable: defineEndpoint({
    id: 'Admin.EnableDisableUser',
    method: 'POST',
    path: '/api/Admin/EnableDisableUser/:id',
    roles: ['Admin'],
    summary: 'Toggle whether the user may sign in (disabling ends their sessions at once)',
    params: idParams,
    response: toggleResultSchema,
  }),
  defaulter: defineEndpoint({
    id: 'Admin.EnableDisableUserDefaulter',
    method: 'POST',
    path: '/api/Admin/EnableDisableUserDefaulter/:id',
    roles: ['Admin'],
    summary: 'Toggle the defaulter flag (defaulters cannot apply)',
    params: idParams,
    response: toggleResultSchema,
  }),
  updateUser: defineEndpoint({
    id: 'Admin.User.patch',
    method: 'PATCH',
    path: '/api/Admin/User/:id',
    roles: ['Admin'],
    summary: 'Edit a user (user name, email, role, entity, utility and zone cannot change)',
    params: idParams,
    body: userUpdateSchema,
    response: userSchema,
  }),
  addUser: defineEndpoint({
    id: 'Admin.AddUser',
    method: 'POST',
    path: '/api/Admin/AddUser',
    roles: ['Admin'],
    summary: 'Create a user; a verification code is mailed so the user sets a password',
    body: userInputSchema,
    response: userSchema,
  }),
  resetPassword: defineEndpoint({
    id: 'Admin.ResetPassword',
    method: 'POST',
    path: '/api/Admin/ResetPassword/:id',
    roles: ['Admin'],
    summary: 'Reset a password: the old one stops working and a verification code is mailed to the user',
    params: idParams,
    response: z.boolean(),
  }),
  transcoDiscomGetAll: defineEndpoint({
    id: 'Configuration.TranscoDiscom.GetAll',
    method: 'GET',
    path: '/api/Configuration/TranscoDiscom/GetAll',
    roles: ALL,
    summary: 'TRANSCO and DISCOM utilities with their zones',
    response: transcoDiscomListSchema,
  }),
} as const;
