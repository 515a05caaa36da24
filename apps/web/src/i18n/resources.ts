import auth from './locales/en/auth.json';
import categories from './locales/en/categories.json';
import common from './locales/en/common.json';
import dialogs from './locales/en/dialogs.json';
import errors from './locales/en/errors.json';
import fields from './locales/en/fields.json';
import filter from './locales/en/filter.json';
import home from './locales/en/home.json';
import ownStories from './locales/en/own-stories.json';
import posting from './locales/en/posting.json';
import profile from './locales/en/profile.json';
import sex from './locales/en/sex.json';
import viewer from './locales/en/viewer.json';

/** One namespace; each file is one top-level key, so `t('dialogs.yes')` reads dialogs.json. */
export const en = {
  translation: {
    auth,
    categories,
    common,
    dialogs,
    errors,
    fields,
    filter,
    home,
    ownStories,
    posting,
    profile,
    sex,
    viewer,
  },
};
