import type { VerificationStatus } from '../../db/schema/index.ts';

/**
 * The sandbox identity provider's page: plain HTML with inline styles only, no script and no
 * external assets, so it passes the app's Content-Security-Policy. Buttons post a form; a
 * phone and a desktop get the same single column.
 */
const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 16px;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    background: #0f1115; color: #f2f3f5; }
  main { width: 100%; max-width: 420px; background: #1a1d24; border-radius: 16px; padding: 24px;
    box-shadow: 0 8px 32px rgba(0,0,0,.4); }
  h1 { font-size: 1.25rem; margin: 0 0 8px; }
  p { margin: 0 0 16px; color: #c5c8cf; }
  .tag { display: inline-block; font-size: .75rem; letter-spacing: .05em; text-transform: uppercase;
    background: #2b2f38; color: #ffd166; border-radius: 999px; padding: 2px 10px; margin-bottom: 12px; }
  form { display: grid; gap: 12px; margin: 0; }
  button, a.button { font: inherit; font-weight: 600; border: 0; border-radius: 12px; padding: 14px 16px;
    min-height: 48px; cursor: pointer; text-align: center; text-decoration: none; }
  .approve { background: #2ecc71; color: #0b1a10; }
  .reject { background: #2b2f38; color: #ff6b6b; border: 1px solid #ff6b6b; }
  a.button { display: block; background: #2b2f38; color: #f2f3f5; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #6ea8ff; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Approve / Reject page of a pending check. */
export function pendingPage(sessionId: string): string {
  const action = escape(`/sandbox/identity/${sessionId}/complete`);
  return layout(
    'Sandbox identity check',
    `<span class="tag">Sandbox</span>
<h1>Identity check</h1>
<p>This stands in for a real identity provider. Choose the outcome it would report; the app
learns it from the provider's signed webhook, exactly as with a real check.</p>
<form method="post" action="${action}">
  <button class="approve" type="submit" name="outcome" value="approved">Approve</button>
  <button class="reject" type="submit" name="outcome" value="rejected">Reject</button>
</form>`,
  );
}

/** A check that has its outcome already: say so and offer the way back. */
export function decidedPage(status: VerificationStatus, backTo: string): string {
  const text =
    status === 'approved'
      ? 'This identity check was approved.'
      : 'This identity check was rejected.';
  return layout(
    'Sandbox identity check',
    `<span class="tag">Sandbox</span>
<h1>Identity check</h1>
<p>${text}</p>
<a class="button" href="${escape(backTo)}">Back to Glimpse</a>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Not found',
    `<h1>No such identity check</h1><p>The link is wrong or the check belongs to another
provider.</p><a class="button" href="/">Back to Glimpse</a>`,
  );
}

export function deliveryFailedPage(retryTo: string): string {
  return layout(
    'Sandbox identity check',
    `<span class="tag">Sandbox</span>
<h1>The webhook did not arrive</h1>
<p>The app did not accept the provider's webhook, so nothing changed. Try again.</p>
<a class="button" href="${escape(retryTo)}">Try again</a>`,
  );
}
