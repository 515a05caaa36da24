/**
 * The notifications feature's public face (issue 28): `notify` for an event with one recipient,
 * called inside the transaction of the change by the feature where it happens.
 */
export { notify, type NotificationInput } from './notify.service.ts';
