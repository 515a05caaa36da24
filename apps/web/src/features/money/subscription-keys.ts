/** The subscription status's query keys, apart so app/first-route.ts can prefetch it cheaply. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  of: (userId: number) => [...subscriptionKeys.all, userId] as const,
};
