/**
 * The sandbox checkout page: self-contained (no script, no external asset; inline styles are
 * allowed by the CSP, forms post to 'self'), readable on a 390px phone and a desktop.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface SandboxPageModel {
  amountCents: number;
  currency: string;
  completeUrl: string;
  /** Set once Pay or Fail was pressed: the page then only says so. */
  outcome: 'success' | 'fail' | null;
  backUrl: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{width:100%;max-width:420px;margin:16px;padding:24px;background:#fff;border-radius:16px;
  box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.125rem;margin:0 0 4px}
p{margin:0 0 16px;color:#4b5563}
.amount{font-size:2.25rem;font-weight:700;margin:8px 0 24px;color:#111827}
.actions{display:flex;gap:12px;flex-wrap:wrap}
button,a.button{flex:1 1 140px;min-height:48px;border:0;border-radius:12px;font:inherit;
  font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:12px}
.pay{background:#16a34a;color:#fff}.fail{background:#e5e7eb;color:#111827}
a.button{display:inline-flex;align-items:center;justify-content:center;background:#111827;color:#fff}
button:focus-visible,a.button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.note{font-size:.8125rem;margin-top:16px}
`;

export function sandboxCheckoutPage(model: SandboxPageModel): string {
  const amount = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: model.currency,
  }).format(model.amountCents / 100);
  const body =
    model.outcome === null
      ? `<form method="post" action="${escapeHtml(model.completeUrl)}" class="actions">
    <button class="pay" type="submit" name="outcome" value="success">Pay ${escapeHtml(amount)}</button>
    <button class="fail" type="submit" name="outcome" value="fail">Fail payment</button>
  </form>`
      : `<p role="status">${model.outcome === 'success' ? 'This payment was made.' : 'This payment failed.'}</p>
  <div class="actions"><a class="button" href="${escapeHtml(model.backUrl)}">Back to Glimpse</a></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox checkout</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="title">
  <h1 id="title">Sandbox checkout</h1>
  <p>Wallet top-up</p>
  <div class="amount" aria-label="Amount">${escapeHtml(amount)}</div>
  ${body}
  <p class="note">Test payments only: no real money moves.</p>
</main>
</body>
</html>`;
}
