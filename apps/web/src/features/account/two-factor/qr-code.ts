import { renderSVG } from 'uqr';

/**
 * The otpauth:// link as a QR code image (an SVG data URL): black on its own white square with a
 * quiet zone, so phones read it in the dark theme too. Drawn here, never sent anywhere else: the
 * link holds the account's secret.
 */
export function qrCodeDataUrl(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 3, pixelSize: 8 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four ("JBSW Y3DP …"), as authenticator apps let people type it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
