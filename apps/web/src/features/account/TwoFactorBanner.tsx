import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { useMe } from '../auth/index.ts';

// Its code and texts load only for a creator who has something to turn on.
const TwoFactorBannerCard = lazyPart(() =>
  import('./two-factor/TwoFactorBannerCard.tsx').then((m) => m.TwoFactorBannerCard),
);

/**
 * On the wallet: a creator who earns (verified, as the wallet counts them) and has no second
 * factor is asked to set one up, until they do. A stolen password would otherwise be enough to
 * take their earnings.
 */
export function TwoFactorBanner() {
  const me = useMe().data;
  if (!me?.verifyOndatoAt || me.two_factor_enabled) return null;
  return <TwoFactorBannerCard />;
}
