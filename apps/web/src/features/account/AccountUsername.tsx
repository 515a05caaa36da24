/**
 * For password managers: whose password a form that asks for the current one is about (a hidden
 * username field, so the saved password is offered and an updated one stored for this account).
 */
export function AccountUsername({ email }: { email: string }) {
  return (
    <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
  );
}
