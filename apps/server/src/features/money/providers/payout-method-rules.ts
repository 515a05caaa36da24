import { isValidBIC, validateIBAN } from 'ibantools';
import { AppError } from '../../../platform/errors/app-error.ts';

/**
 * A bank account's checks (ibantools) and how its IBAN is shown. The body arrives without
 * spaces and in upper case (the contract's transform), so "de89 3704 …" is checked as DE893704….
 */

/** Refused like other field errors: the key, and the field it is about under err_msg/errors. */
const onField = (field: 'iban' | 'bic', errKey: string) => {
  const byField = { [field]: [errKey] };
  return { err_msg: byField, errors: byField };
};

/**
 * The country's length and format, the check digits, and the national checksum where ibantools
 * knows it. A Swiss QR-IBAN only receives QR-bill payments, never a transfer: refused.
 */
export function assertValidBankAccount(account: { iban: string; bic: string }): void {
  if (!validateIBAN(account.iban, { allowQRIBAN: false }).valid)
    throw new AppError('iban_invalid', onField('iban', 'iban_invalid'));
  if (!isValidBIC(account.bic)) throw new AppError('bic_invalid', onField('bic', 'bic_invalid'));
}

const DOT = '•';

/**
 * "DE89 •••• •••• •••• •••• 00": the country and check digits, every other character masked but
 * the last two, in the groups of four an IBAN is written in. The length shows (it is the
 * country's), nothing of the bank or the account number does.
 */
export function maskIban(iban: string): string {
  const masked = iban.slice(0, 4) + DOT.repeat(Math.max(0, iban.length - 6)) + iban.slice(-2);
  return masked.match(/.{1,4}/gu)!.join(' ');
}

/** What is left to show when the stored IBAN cannot be opened (SECRET changed): its end only. */
export function maskIbanEnd(last4: string): string {
  return `${DOT.repeat(4)} ${DOT.repeat(2)}${last4.slice(-2)}`;
}
