/**
 * API clients (DESIGN.md §21): the provider's systems that call the desk with a token. Admins create
 * them (the token is shown once, only its hash is kept), page through them and revoke them. Each
 * client acts through an account of its own (kind 'client') with a staff member's rights of its
 * department, so that its tickets, comments and forwards name it and every rule of §6 still holds.
 */
import { randomUUID } from 'node:crypto';
import {
  API_CLIENTS_MAX,
  API_CLIENTS_PAGE_SIZE,
  AppError,
  canManageIntegrations,
  staffUserTypeOf,
  type ApiClient,
  type ApiClientCreate,
  type ApiClientCreatedReply,
  type ApiClientListReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { issueApiToken } from '../../lib/api-tokens.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor, ClientAccount } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { insertUser } from '../users/users.repository.ts';
import {
  countActiveClientsLocked,
  findApiClientView,
  findClientForToken,
  insertApiClient,
  listApiClientPage,
  revokeApiClientRow,
  touchApiClient,
  type ApiClientView,
} from './api-clients.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function assertCanManageIntegrations(actor: Actor): void {
  if (!canManageIntegrations(actor) || actor.client) throw new AppError('forbidden', 'integrations.forbidden');
}

/**
 * The product number of a client's account: `client-<client id>`. Stored numbers are 13 digits and
 * sign-in takes only those, so this one can never sign in; the client id makes it unique.
 */
export function clientAccountNumber(clientId: string): string {
  return `client-${clientId}`;
}

function present(view: ApiClientView): ApiClient {
  return {
    id: view.id,
    name: view.name,
    department: view.department,
    scopes: view.scopes,
    created_by_name: view.createdByName,
    created_at: view.createdAt.toISOString(),
    expires_at: view.expiresAt?.toISOString() ?? null,
    last_used_at: view.lastUsedAt?.toISOString() ?? null,
    revoked_at: view.revokedAt?.toISOString() ?? null,
  };
}

async function viewOf(db: Db, id: string): Promise<ApiClient> {
  const view = await findApiClientView(db, id);
  if (!view) throw new AppError('not_found', 'integrations.clientNotFound');
  return present(view);
}

export async function listApiClients(db: Db, actor: Actor, page: number): Promise<ApiClientListReply> {
  assertCanManageIntegrations(actor);
  const { rows, total } = await listApiClientPage(db, (page - 1) * API_CLIENTS_PAGE_SIZE, API_CLIENTS_PAGE_SIZE);
  return { data: rows.map(present), total, ...pageLinks(page, total, API_CLIENTS_PAGE_SIZE) };
}

/** Creates the client and its account; the reply is the only place the token ever appears. */
export async function createApiClient(db: Db, actor: Actor, body: ApiClientCreate): Promise<ApiClientCreatedReply> {
  assertCanManageIntegrations(actor);
  const id = randomUUID();
  const { token, hash } = issueApiToken(id);
  await db.transaction(async (tx) => {
    if ((await countActiveClientsLocked(tx)) >= API_CLIENTS_MAX)
      throw new AppError('conflict', 'integrations.tooManyClients', { max: API_CLIENTS_MAX });
    const account = await insertUser(tx, {
      name: body.name,
      productNumber: clientAccountNumber(id),
      userType: staffUserTypeOf(body.department),
      role: 'user',
      kind: 'client',
    });
    const expiresAt = body.expires_in_days === null ? null : new Date(Date.now() + body.expires_in_days * DAY_MS);
    await insertApiClient(tx, {
      id,
      name: body.name,
      department: body.department,
      scopes: body.scopes,
      tokenHash: hash,
      userId: account.id,
      createdBy: actor.id,
      expiresAt,
    });
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'api_client.create',
      target: `api_client:${id}`,
      ip: actor.ip,
      details: {
        name: body.name,
        department: body.department,
        scopes: body.scopes,
        expires_at: expiresAt?.toISOString() ?? null,
      },
    });
  });
  return { data: await viewOf(db, id), token };
}

/** Revokes the client: its next request, in any process, is refused (the token check reads the row each time). */
export async function revokeApiClient(db: Db, actor: Actor, id: string): Promise<ApiClient> {
  assertCanManageIntegrations(actor);
  await db.transaction(async (tx) => {
    const revoked = await revokeApiClientRow(tx, id);
    if (!revoked) throw new AppError('not_found', 'integrations.clientNotFound');
    if (revoked.wasRevoked) return;
    await insertAuditEntry(tx, { actorUserId: actor.id, action: 'api_client.revoke', target: `api_client:${id}`, ip: actor.ip });
  });
  return viewOf(db, id);
}

/** The token check's lookup (handed to the auth plugin by app.ts): the client and its account, or undefined. */
export async function findClientAccount(db: Db, id: string): Promise<ClientAccount | undefined> {
  const row = await findClientForToken(db, id);
  if (!row || row.account.deletedAt) return undefined;
  const { client, account } = row;
  return {
    id: client.id,
    scopes: client.scopes,
    tokenHash: client.tokenHash,
    expiresAt: client.expiresAt,
    revokedAt: client.revokedAt,
    lastUsedAt: client.lastUsedAt,
    account: {
      id: account.id,
      name: account.name,
      productNumber: account.productNumber,
      userType: account.userType,
      role: account.role,
      language: account.language,
      tokenVersion: account.tokenVersion,
      kind: account.kind,
    },
  };
}

export function noteClientUse(db: Db, id: string): Promise<void> {
  return touchApiClient(db, id);
}
