import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../features/auth/index.ts';
import { routes, safeNext } from '../routes.ts';
import { PageSpinner } from '../ui/Spinner.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';

/** Signed-out visitors go to sign in, which brings them back here afterwards. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageSpinner />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Navigate to={routes['auth.signIn']({ next: next === '/' ? undefined : next })} replace />
    );
  }
  return <Outlet />;
}

/** Sign-in and sign-up are for signed-out visitors; a signed-in one continues to `next` or home. */
export function GuestOnly() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (me.isPending) return <PageSpinner />;
  if (me.data) return <Navigate to={safeNext(searchParams.get('next'))} replace />;
  return <Outlet />;
}
