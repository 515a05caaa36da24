/** The return path with the checkout's outcome added: `/wallet?top_up=success`. */
export function withTopUpOutcome(
  returnTo: string,
  outcome: 'success' | 'fail' | 'pending',
): string {
  const url = new URL(returnTo, 'http://return.invalid');
  url.searchParams.set('top_up', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}
