/**
 * The few parts of oidc-provider v9 the identity sandbox uses (the package ships no types and
 * there is no @types package for v9).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    uid?: string;
    grantId?: string;
    userCode?: string;
    accountId?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<Record<string, unknown>>;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId?: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Client {
    clientId: string;
    postLogoutRedirectUris?: string[];
  }

  export interface KoaContextWithOIDC {
    status: number;
    type: string;
    body: unknown;
    path: string;
    oidc: {
      route?: string;
      params?: Record<string, unknown>;
      client?: Client;
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    Client: { find(id: string): Promise<Client | undefined> };
    IdToken: { validate(jwt: string, client: Client): Promise<{ payload: Record<string, unknown> }> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
