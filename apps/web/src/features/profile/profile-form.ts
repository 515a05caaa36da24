import {
  BENEFIT_MAX,
  BIO_MAX,
  BUNDLE_PERIODS,
  DIRECT_MESSAGE_PRICE_MAX,
  NAME_MAX,
  SUBSCRIBE_PRICE_MAX,
  type Bundle,
  type CurrentUser,
  type Sex,
  type UpdateProfileBody,
  type UserCategory,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { isAdult } from '../../lib/dates.ts';
import type { FieldErrorMap } from '../../lib/form-errors.ts';
import { parseMoney } from '../../lib/money.ts';
import {
  categoriesForGender,
  choiceFromChosen,
  choiceToIds,
  type CategoryChoice,
} from '../categories/category-selection.ts';

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
  onHolidayMood: boolean;
  subscribePrice: string;
  directMessagePrice: string;
  directMessageTurnOff: boolean;
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
    onHolidayMood: user.on_holiday_mood,
    subscribePrice: moneyText(user.subscribePrice),
    directMessagePrice: moneyText(user.directMessagePrice),
    directMessageTurnOff: user.directMessageTurnOff,
    benefits: user.benefits_list,
    bundles: bundleDrafts(user.bundles),
    categories: choiceFromChosen(user.userCategories),
  };
}

/** A discount is a whole percent 0..90 (the contract's bounds), or null when it is not one. */
export function parseDiscount(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= 90 ? value : null;
}

export type ProfileCheck =
  { ok: true; body: UpdateProfileBody } | { ok: false; errors: FieldErrorMap<ProfileField> };

/** Validates the form against the contract's limits and builds the PUT body. */
export function buildProfileBody(
  values: ProfileValues,
  categories: UserCategory[],
  t: TFunction,
): ProfileCheck {
  const errors: FieldErrorMap<ProfileField> = {};
  const name = values.name.trim();
  if (!name) errors.name = [t('fields.required')];
  else if (name.length > NAME_MAX) errors.name = [t('fields.too_long', { max: NAME_MAX })];
  if (values.bio.trim().length > BIO_MAX) errors.bio = [t('fields.too_long', { max: BIO_MAX })];
  if (!values.birthdate) errors.birthdate = [t('fields.required')];
  else if (!isAdult(values.birthdate)) errors.birthdate = [t('fields.underage')];
  if (!values.country) errors.country = [t('fields.required')];

  const subscribePrice = parseMoney(values.subscribePrice, SUBSCRIBE_PRICE_MAX);
  if (subscribePrice === 'invalid') {
    errors.subscribePrice = [t('fields.money_invalid', { max: SUBSCRIBE_PRICE_MAX })];
  }
  const directMessagePrice = parseMoney(values.directMessagePrice, DIRECT_MESSAGE_PRICE_MAX);
  if (directMessagePrice === 'invalid') {
    errors.directMessagePrice = [t('fields.money_invalid', { max: DIRECT_MESSAGE_PRICE_MAX })];
  }
  // Empty benefit rows are dropped rather than rejected: they are just unused slots.
  const benefits = values.benefits.map((benefit) => benefit.trim()).filter(Boolean);
  if (benefits.some((benefit) => benefit.length > BENEFIT_MAX)) {
    errors.benefits = [t('fields.too_long', { max: BENEFIT_MAX })];
  }
  const bundles: Bundle[] = [];
  for (const draft of values.bundles) {
    const discount = parseDiscount(draft.discount);
    if (discount === null) errors.bundles = [t('fields.discount_invalid')];
    else bundles.push({ period: draft.period, discount, isEnabled: draft.isEnabled });
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name,
      bio: values.bio.trim(),
      sex: values.sex,
      birthdate: values.birthdate,
      country_code: values.country,
      // Only choices under categories offered for the chosen sex are kept.
      userCategories: choiceToIds(values.categories, categoriesForGender(categories, values.sex)),
      subscribePrice: subscribePrice as number | null,
      benefits_list: benefits,
      bundles,
      directMessagePrice: directMessagePrice as number | null,
      directMessageTurnOff: values.directMessageTurnOff,
      on_holiday_mood: values.onHolidayMood,
    },
  };
}
