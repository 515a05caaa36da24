/**
 * The audit log's public face (issue 29): every moderator action and role grant is one line,
 * written inside the transaction of the change it records; the table refuses UPDATE and DELETE.
 */
export {
  recordAudit,
  searchAudit,
  type AuditEntryInput,
  type AuditPerson,
  type AuditRow,
  type AuditSearch,
} from './audit.repository.ts';
