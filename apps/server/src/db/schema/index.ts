export * from './reference.ts';
export * from './users.ts';
export * from './media.ts';
export * from './stories.ts';
export * from './outbox.ts';
export * from './ledger.ts';
export * from './verification.ts';
export * from './payments.ts';

export * from './purchases.ts';
export * from './messaging.ts';
export * from './streams.ts';
export * from './mail.ts';
export * from './account-security.ts';
export * from './notifications.ts';
export * from './trust-safety.ts';
export * from './demo.ts';
