import {
  bundleSchema,
  BUNDLE_PERIODS,
  DIRECT_MESSAGE_PRICE_MAX,
  SUBSCRIBE_PRICE_MAX,
  updateProfileBody,
  type Bundle,
  type CurrentUser,
  type Sex,
  type UpdateProfileBody,
  type UserCategory,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { isAdult } from '../../lib/dates.ts';
import type { FieldErrorMap } from '../../lib/form-errors.ts';

import {
  categoriesForGender,
  choiceFromChosen,
  choiceToIds,
  type CategoryChoice,
} from '../categories/index.ts';

type Period = (typeof BUNDLE_PERIODS)[number];

export interface BundleDraft {
  period: Period;
  /** Kept as typed so a half-typed value is not lost; parsed on save. */
  discount: string;
  isEnabled: boolean;
}

export interface ProfileValues {
  name: string;
  bio: string;
  sex: Sex;
  birthdate: string;
  country: string;
  /** Geo-blocking (issue 29): countries whose viewers do not see the creator. */
  blockedCountries: string[];
  onHolidayMood: boolean;
  subscribePrice: string;
  directMessagePrice: string;
  directMessageTurnOff: boolean;
  directMessageSubscribersOnly: boolean;
  benefits: string[];
  bundles: BundleDraft[];
  categories: CategoryChoice;
}

export type ProfileField =
  | 'name'
  | 'bio'
  | 'sex'
  | 'birthdate'
  | 'country'
  | 'blockedCountries'
  | 'subscribePrice'
  | 'directMessagePrice'
  | 'benefits'
  | 'bundles'
  | 'categories';

/** What every edit-form section receives. */
export interface SectionProps {
  values: ProfileValues;
  errors: FieldErrorMap<ProfileField>;
  onChange: (patch: Partial<ProfileValues>) => void;
}

/** Server field names of PUT /api/users/me/profile -> form fields. */
export const profileServerFields: Record<string, ProfileField> = {
  name: 'name',
  bio: 'bio',
  sex: 'sex',
  birthdate: 'birthdate',
  country_code: 'country',
  blockedCountries: 'blockedCountries',
  subscribePrice: 'subscribePrice',
  directMessagePrice: 'directMessagePrice',
  benefits_list: 'benefits',
  bundles: 'bundles',
  userCategories: 'categories',
};

/** Every period gets a row, whether or not the user has saved that bundle before. */
function bundleDrafts(bundles: Bundle[]): BundleDraft[] {
  return BUNDLE_PERIODS.map((period) => {
    const saved = bundles.find((bundle) => bundle.period === period);
    return { period, discount: String(saved?.discount ?? 0), isEnabled: saved?.isEnabled ?? false };
  });
}

const moneyText = (value: number | null) => (value === null ? '' : String(value));

export function valuesFromUser(user: CurrentUser): ProfileValues {
  return {
    name: user.name,
    bio: user.bio,
    sex: user.sex,
    birthdate: user.birthdate.slice(0, 10),
    country: user.country_code,
    blockedCountries: user.blockedCountries ?? [],
    onHolidayMood: user.on_holiday_mood,
    subscribePrice: moneyText(user.subscribePrice),
    directMessagePrice: moneyText(user.directMessagePrice),
    directMessageTurnOff: user.directMessageTurnOff,
    directMessageSubscribersOnly: user.directMessageSubscribersOnly,
    benefits: user.benefits_list,
    bundles: bundleDrafts(user.bundles),
    categories: choiceFromChosen(user.userCategories),
  };
}

/** The contract's discount rule (a whole percent within its bounds), shared with the input. */
const discountSchema = bundleSchema.shape.discount;
export const DISCOUNT_MIN = discountSchema.minValue ?? 0;
export const DISCOUNT_MAX = discountSchema.maxValue ?? 100;

/** A discount as the contract accepts it, or null when the text is not one. */
export function parseDiscount(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const parsed = discountSchema.safeParse(Number(text.trim()));
  return parsed.success ? parsed.data : null;
}

/** A money input as a number for the schema to judge ('' is no price). */
function moneyValue(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

export type ProfileCheck =
  { ok: true; body: UpdateProfileBody } | { ok: false; errors: FieldErrorMap<ProfileField> };

/**
 * Builds the PUT body and checks it with the contract's own schema (lengths, price limits and
 * decimals, discount bounds), plus the required fields and the age rule the server applies.
 */
export function buildProfileBody(
  values: ProfileValues,
  categories: UserCategory[],
  t: TFunction,
): ProfileCheck {
  const errors: FieldErrorMap<ProfileField> = {};
  if (!values.name.trim()) errors.name = [t('fields.required')];
  if (!values.birthdate) errors.birthdate = [t('fields.required')];
  else if (!isAdult(values.birthdate)) errors.birthdate = [t('fields.underage')];
  if (!values.country) errors.country = [t('fields.required')];

  const subscribePrice = moneyValue(values.subscribePrice);
  const directMessagePrice = moneyValue(values.directMessagePrice);
  const bundles = values.bundles.map((draft) => ({
    period: draft.period,
    // Not a whole number: NaN, which the schema refuses like any other bad discount.
    discount: /^\d+$/.test(draft.discount.trim()) ? Number(draft.discount.trim()) : Number.NaN,
    isEnabled: draft.isEnabled,
  }));
  const body = {
    name: values.name.trim(),
    bio: values.bio.trim(),
    sex: values.sex,
    birthdate: values.birthdate,
    country_code: values.country,
    blockedCountries: values.blockedCountries,
    // Only choices under categories offered for the chosen sex are kept.
    userCategories: choiceToIds(values.categories, categoriesForGender(categories, values.sex)),
    subscribePrice,
    // Empty benefit rows are dropped rather than rejected: they are just unused slots.
    benefits_list: values.benefits.map((benefit) => benefit.trim()).filter(Boolean),
    bundles,
    directMessagePrice,
    directMessageTurnOff: values.directMessageTurnOff,
    directMessageSubscribersOnly: values.directMessageSubscribersOnly,
    on_holiday_mood: values.onHolidayMood,
  };
  const schemaErrors = contractFieldErrors(t, updateProfileBody, body, profileServerFields, {
    subscribePrice: t('fields.money_invalid', { max: SUBSCRIBE_PRICE_MAX }),
    directMessagePrice: t('fields.money_invalid', { max: DIRECT_MESSAGE_PRICE_MAX }),
    bundles: t('fields.discount_invalid', { min: DISCOUNT_MIN, max: DISCOUNT_MAX }),
  });
  for (const [field, messages] of Object.entries(schemaErrors) as [ProfileField, string[]][]) {
    errors[field] ??= messages;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The body as typed, not the parse result: the contract's transforms (trims, defaults) are the
  // server's side; the schema has just accepted these values, so the cast only drops 'invalid'.
  return { ok: true, body: body as UpdateProfileBody };
}
