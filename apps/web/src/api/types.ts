// REST answers and socket payloads: the contract shared with the gateway (types only: no zod in the bundle).
export type {
  AccountWorkspace,
  AuthConfig,
  Conversation,
  Me,
  MemberRole,
  Message,
  TwoFactorStatus,
} from '@atende/api-contract';
