/*
 * The `sizes` of the pictures the first screens show first, apart from their components: the
 * boot code (app/first-requests.ts, no React) asks for those pictures before React draws them,
 * and an <img> with the same src, srcset and sizes is served from that one download.
 */

/** A creator's photo in the home lists: 64 px, 96 px on a desktop-wide window (lg). */
export const HOME_AVATAR_SIZES = '(min-width: 1024px) 96px, 64px';

/** A story tile on a profile: three across a phone, four on a desktop-wide window. */
export const STORY_TILE_SIZES = '(min-width: 1024px) 25vw, 34vw';
