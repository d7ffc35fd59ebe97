// oidc-provider ships without type declarations (and @types/oidc-provider is not a
// dependency): the little the social sign-in test uses of it.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
