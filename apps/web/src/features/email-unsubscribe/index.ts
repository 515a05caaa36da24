/** The unsubscribe page a notification mail's footer links to (features/notifications/email). */
export { UnsubscribeScreen } from './UnsubscribeScreen.tsx';
