/** A full navigation to the identity provider's page (another origin for a real provider). */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
