import auth from './locales/en/auth.json';
import categories from './locales/en/categories.json';
import common from './locales/en/common.json';
import dialogs from './locales/en/dialogs.json';
import errors from './locales/en/errors.json';
import fields from './locales/en/fields.json';
import home from './locales/en/home.json';
import ownStories from './locales/en/own-stories.json';
import posting from './locales/en/posting.json';
import sex from './locales/en/sex.json';
// The profile's story ring label; the viewer's own texts load with it (story-viewer/viewer-texts.ts).
import viewerRing from './locales/en/viewer-ring.json';

/** One namespace; each file is one top-level key, so `t('dialogs.yes')` reads dialogs.json. */
export const en = {
  translation: {
    auth,
    categories,
    common,
    dialogs,
    errors,
    fields,
    home,
    ownStories,
    // Only the "New story" label of home's button; the posting flow adds the rest when it loads
    // (features/story-posting/posting-texts.ts).
    posting: { newStory: posting.newStory },
    sex,
    viewer: viewerRing,
  },
};
