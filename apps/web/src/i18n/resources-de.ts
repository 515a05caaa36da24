import auth from './locales/de/auth.json';
import categories from './locales/de/categories.json';
import common from './locales/de/common.json';
import dialogs from './locales/de/dialogs.json';
import errors from './locales/de/errors.json';
import fields from './locales/de/fields.json';
import home from './locales/de/home.json';
import ownStories from './locales/de/own-stories.json';
import posting from './locales/de/posting.json';
import sex from './locales/de/sex.json';
import viewerRing from './locales/de/viewer-ring.json';

/**
 * The German texts of the first page, in the shape of resources.ts's English ones: one chunk,
 * loaded only when German is chosen (languages.ts, loadBundledTexts).
 */
export const texts = {
  auth,
  categories,
  common,
  dialogs,
  errors,
  fields,
  home,
  ownStories,
  posting: { newStory: posting.newStory },
  sex,
  viewer: viewerRing,
};
