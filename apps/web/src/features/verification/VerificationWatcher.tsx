import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useVerificationUpdates } from './use-verification-updates.ts';
import { refreshVerification } from './verification.queries.ts';

/**
 * Mounted once for signed-in screens. Back from the provider (`?verification=approved` or
 * `rejected`), it says how the check went, refetches the current user and drops the parameter
 * so a reload does not say it again; and it listens for `verification.updated`.
 */
export function VerificationWatcher() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  useVerificationUpdates();

  const outcome = new URLSearchParams(location.search).get('verification');
  useEffect(() => {
    if (outcome !== 'approved' && outcome !== 'rejected') return;
    if (outcome === 'approved') notify.success(t('verification.returned.approved'));
    else notify.error(t('verification.returned.rejected'));
    void refreshVerification(queryClient);
    const params = new URLSearchParams(location.search);
    params.delete('verification');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [
    outcome,
    location.pathname,
    location.search,
    location.hash,
    navigate,
    notify,
    queryClient,
    t,
  ]);

  return null;
}
