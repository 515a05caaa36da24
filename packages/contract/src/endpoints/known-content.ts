import { idParam } from '../schemas/common.ts';
import {
  blocklistAddedSchema,
  blocklistFromStoryBody,
  blocklistSchema,
  reviewDecisionBody,
  reviewDecisionSchema,
  reviewListSchema,
} from '../schemas/known-content.ts';
import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/**
 * Known content (issue 29): the blocklist of perceptual hashes and the stories held because they
 * came near one. Every route needs `moderation.console`; removing a listed hash `moderation.admin`.
 */
export const knownContentEndpoints = {
  blocklist: defineEndpoint(r.blocklist, {
    response: blocklistSchema,
    errors: ['forbidden'],
  }),
  /** Lists every usable hash of a story (for a picture also its centred crops). */
  blocklistFromStory: defineEndpoint(r.blocklistFromStory, {
    body: blocklistFromStoryBody,
    status: 201,
    response: blocklistAddedSchema,
    errors: ['forbidden', 'story_not_found'],
  }),
  /** Hashes an uploaded picture or video and lists it; the file itself is not kept. */
  blocklistFromFile: defineEndpoint(r.blocklistFromFile, {
    body: 'multipart',
    status: 201,
    response: blocklistAddedSchema,
    errors: ['forbidden', 'file_missing', 'file_too_large', 'unsupported_file'],
  }),
  blocklistRemove: defineEndpoint(r.blocklistRemove, {
    params: idParam,
    response: z.object({ success: z.literal(true) }),
    errors: ['forbidden', 'blocklist_entry_not_found'],
  }),
  /** Stories held for review, oldest first, with the listed hash each came near. */
  reviewList: defineEndpoint(r.reviewList, {
    response: reviewListSchema,
    errors: ['forbidden'],
  }),
  reviewDecide: defineEndpoint(r.reviewDecide, {
    params: idParam,
    body: reviewDecisionBody,
    response: reviewDecisionSchema,
    errors: ['forbidden', 'story_not_found'],
  }),
  /** POST /api/admin/hash-blocklist {story_id}: the path for blocklistFromStory. */
  adminHashBlocklist: defineEndpoint(r.adminHashBlocklist, {
    body: blocklistFromStoryBody,
    status: 201,
    response: blocklistAddedSchema,
    errors: ['forbidden', 'story_not_found'],
  }),
};
