import './profile-texts.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldErrors } from '../../ui/Field.tsx';
import { FormAlert, FormErrorHint } from '../../ui/FormErrorHint.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { useUserCategories } from '../categories/index.ts';
import { CategorySelector } from '../categories/index.ts';
import { AvatarUploader } from './AvatarUploader.tsx';
import { BasicsSection } from './BasicsSection.tsx';
import { BenefitsEditor } from './BenefitsEditor.tsx';
import { BundlesEditor } from './BundlesEditor.tsx';
import { PricingSection } from './PricingSection.tsx';
import {
  buildProfileBody,
  profileServerFields,
  valuesFromUser,
  type ProfileField,
  type ProfileValues,
} from './profile-form.ts';
import { useUpdateProfile } from './profile.queries.ts';

/** The own-profile edit form; saved in one PUT /api/users/me/profile. */
export function ProfileEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const categories = useUserCategories();
  const update = useUpdateProfile();
  const { notify } = useSnackbar();
  // The form starts from the user as loaded; later refetches must not overwrite what is typed.
  const [values, setValues] = useState<ProfileValues>(() => valuesFromUser(me));
  const [errors, setErrors] = useState<FieldErrorMap<ProfileField>>({});
  const [message, setMessage] = useState<string>();

  function handleChange(patch: Partial<ProfileValues>) {
    setValues((current) => ({ ...current, ...patch }));
    // Edited fields drop their old errors; the others keep theirs until the next save.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as ProfileField];
      return next;
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const check = buildProfileBody(values, categories.data ?? [], t);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    update.mutate(check.body, {
      onSuccess: () => {
        notify.success(t('profile.savedToast'));
        void navigate(routes['user.own.profile.view']());
      },
      onError: (error) => {
        const server = serverFormErrors(t, error, profileServerFields);
        setErrors(server.fields);
        setMessage(server.message);
      },
    });
  }

  const sectionProps = { values, errors, onChange: handleChange };
  return (
    <>
      <PageHeader title={t('profile.editTitle')} fallback={routes['user.own.profile.view']()} />
      <main
        id="main"
        className="flex flex-1 flex-col gap-8 px-5 py-6 lg:mx-auto lg:w-full lg:max-w-2xl lg:px-8"
      >
        <AvatarUploader user={me} />
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-8">
          <BasicsSection {...sectionProps} />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-base font-semibold text-neutral-900">
              {t('profile.categories')}
            </legend>
            <p className="text-sm text-neutral-600">{t('profile.categoriesHint')}</p>
            {categories.isPending ? (
              <Spinner />
            ) : (
              <CategorySelector
                mode="normal"
                categories={categories.data ?? []}
                gender={values.sex}
                value={values.categories}
                onSelectedCategoryIds={(choice) => handleChange({ categories: choice })}
              />
            )}
            <FieldErrors errors={errors.categories ?? []} />
          </fieldset>
          <PricingSection {...sectionProps} />
          <BenefitsEditor {...sectionProps} />
          <BundlesEditor {...sectionProps} />
          <div className="sticky bottom-0 -mx-5 flex flex-col gap-3 border-t border-neutral-200 bg-white px-5 py-3 lg:-mx-8 lg:px-8">
            {hasErrors(errors) ? (
              <FormErrorHint show message={message} />
            ) : (
              <FormAlert message={message} />
            )}
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {t('profile.save')}
            </Button>
          </div>
        </form>
      </main>
    </>
  );
}
