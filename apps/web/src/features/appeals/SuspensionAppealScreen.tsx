import './appeals-texts.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routes } from '../../routes.ts';
import { cn } from '../../ui/cn.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { PasswordInput } from '../../ui/PasswordInput.tsx';
import { useSuspensionAppeal } from './appeals.queries.ts';
import { SuspendedStanding } from './SuspendedStanding.tsx';

type AppealField = 'email' | 'password' | 'statement';

/** Sign-in hands over the address typed there. */
function emailFromSignIn(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** And the standing token its refusal carried, when the password was right. */
function tokenFromSignIn(state: unknown): string | undefined {
  const token = (state as { standingToken?: unknown } | null)?.standingToken;
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * /appeal: a suspended account cannot sign in. From a refused sign-in with its standing token,
 * the owner reads the account's standing and appeals here (SuspendedStanding); otherwise (a
 * link, a reload after the token's half hour) the address and password prove the owner, checked
 * like a sign-in, and the suspension is appealed.
 */
export function SuspensionAppealScreen() {
  const location = useLocation();
  const token = tokenFromSignIn(location.state);
  return token ? (
    <SuspendedScreenFrame title="appeals.suspension.standingTitle">
      <SuspendedStanding token={token} />
    </SuspendedScreenFrame>
  ) : (
    <SuspendedScreenFrame title="appeals.suspension.title">
      <PasswordAppeal email={emailFromSignIn(location.state)} />
    </SuspendedScreenFrame>
  );
}

/** No session, no menu: the app's name, the title, and the way back to sign in. */
function SuspendedScreenFrame({
  title,
  children,
}: {
  title: 'appeals.suspension.title' | 'appeals.suspension.standingTitle';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="flex flex-1 flex-col gap-6 px-5 py-10 lg:mx-auto lg:w-full lg:max-w-2xl"
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-4xl font-extrabold tracking-tight text-accent-strong">Glimpse</p>
        <h1 className="text-xl font-semibold text-neutral-900">{t(title)}</h1>
      </div>
      {children}
      <p className="text-center text-sm">
        <Link
          to={routes['auth.signIn']()}
          className={cn(
            'inline-flex min-h-11 items-center rounded px-2 font-semibold text-accent-strong underline-offset-2 hover:underline',
            focusRing,
          )}
        >
          {t('appeals.suspension.backToSignIn')}
        </Link>
      </p>
    </main>
  );
}

function PasswordAppeal({ email: initialEmail }: { email: string }) {
  const { t } = useTranslation();
  const appeal = useSuspensionAppeal();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<AppealField>>({});
  const [message, setMessage] = useState<string>();
  const [filed, setFiled] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors: FieldErrorMap<AppealField> = {};
    if (!email.trim()) clientErrors.email = [t('fields.required')];
    if (!password) clientErrors.password = [t('fields.required')];
    if (!statement.trim()) clientErrors.statement = [t('fields.required')];
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) return;
    appeal.mutate(
      { email: email.trim(), password, statement: statement.trim() },
      {
        onSuccess: () => setFiled(true),
        onError: (error) => {
          const server = serverFormErrors(t, error, {
            email: 'email',
            password: 'password',
            statement: 'statement',
          });
          setErrors(server.fields);
          setMessage(server.message);
        },
      },
    );
  }

  return filed ? (
    <p role="status" className="text-center text-neutral-800">
      {t('appeals.suspension.filed')}
    </p>
  ) : (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">{t('appeals.suspension.intro')}</p>
      {hasErrors(errors) ? (
        <FormErrorHint show message={message} />
      ) : (
        <FormAlert message={message} />
      )}
      <Field label={t('appeals.suspension.email')} errors={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t('appeals.suspension.password')} errors={errors.password}>
        {(control) => (
          <PasswordInput
            control={control}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
        )}
      </Field>
      <Field label={t('appeals.suspension.statement')} errors={errors.statement}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <Button type="submit" disabled={appeal.isPending} aria-busy={appeal.isPending}>
        {t('appeals.suspension.send')}
      </Button>
    </form>
  );
}
