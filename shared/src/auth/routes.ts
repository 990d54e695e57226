/** Sign-in, password links, one's own account and impersonation (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { messageSchema } from '../common/schemas';
import { userSchema } from '../users/schemas';
import { credentialsSchema } from './credentials';
import {
  passwordChangeSchema,
  passwordEmailSchema,
  passwordResetSchema,
  selfUpdateBodySchema,
  tokenResponseSchema,
} from './schemas';

export const authRoutes = {
  authToken: defineRoute({
    method: 'POST',
    path: '/api/auth/token',
    resource: 'auth',
    access: ACCESS.public,
    body: credentialsSchema,
    response: tokenResponseSchema,
    throttled: true,
  }),
  authUser: defineRoute({
    method: 'GET',
    path: '/api/auth/user',
    resource: 'auth',
    access: ACCESS.reader,
    sessionOnly: true,
    query: includeQuery,
    response: userSchema,
  }),

  authUserUpdate: defineRoute({
    method: 'PUT',
    path: '/api/auth/user',
    resource: 'auth',
    access: ACCESS.reader,
    sessionOnly: true,
    body: selfUpdateBodySchema,
    // A new sign-in e-mail ends the user's other sessions: this one gets a fresh token (`access_token`).
    response: z.object({ message: z.string(), data: userSchema, access_token: z.string().optional() }),
  }),
  authPasswordChange: defineRoute({
    method: 'PUT',
    path: '/api/auth/password',
    resource: 'auth',
    access: ACCESS.reader,
    sessionOnly: true,
    body: passwordChangeSchema,
    // Every other session of the user ends: this one goes on with the fresh token.
    response: z.object({ message: z.string(), access_token: z.string() }),
  }),
  authPasswordEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/password/email',
    resource: 'auth',
    access: ACCESS.public,
    body: passwordEmailSchema,
    response: messageSchema,
    throttled: true,
  }),
  authPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password/reset',
    resource: 'auth',
    access: ACCESS.public,
    body: passwordResetSchema,
    response: tokenResponseSchema,
  }),
  authLoginAs: defineRoute({
    method: 'GET',
    path: '/api/auth/login-as/{id}',
    resource: 'auth',
    access: ACCESS.reader,
    sessionOnly: true,
    params: idParams,
    response: tokenResponseSchema,
  }),
} as const;
