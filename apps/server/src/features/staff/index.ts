/**
 * The staff feature's public face (issue 29): roles. ADMIN_EMAILS makes an account an admin
 * once it confirms a listed address; `npm run admin -- grant|revoke` grants the others. Every
 * change is an audit line. What each role may do is decided by access alone.
 */
// Where an address gets confirmed (features/auth), and the start-up sweep.
export { applyAdminEmails, grantAdminIfListed } from './staff.service.ts';
// The command line (apps/server/src/admin-command.ts).
export {
  grantRole,
  parseAdminCommand,
  revokeRole,
  StaffCommandError,
  type GrantableRole,
} from './staff.service.ts';
// For the composition root: ADMIN_EMAILS applied once the server is ready.
export { staffStartup } from './staff.routes.ts';
