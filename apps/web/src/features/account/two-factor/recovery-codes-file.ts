/** The recovery codes as a text file to keep: a title, the codes one a line, a note. */
export function recoveryCodesText(title: string, note: string, codes: readonly string[]): string {
  return [title, '', ...codes, '', note, ''].join('\n');
}

/** Hands the browser a file to save, without a server round trip (the codes stay here). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over: revoking at once may cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
