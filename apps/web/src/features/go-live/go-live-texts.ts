import '../../i18n/live-errors.ts';
import { i18n } from '../../i18n/index.ts';
import goLive from '../../i18n/locales/en/go-live.json';

/** The Go live screen's texts load with it, not with the first page. */
i18n.addResourceBundle('en', 'translation', { goLive }, true, false);
