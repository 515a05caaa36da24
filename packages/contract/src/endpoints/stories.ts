import { z } from 'zod';
import { idParam } from '../schemas/common.ts';
import {
  createStoryFromUploadBody,
  editStoryBody,
  messageBody,
  ownStorySchema,
  reportStoryBody,
  reportStoryResponse,
  storyGroupSchema,
  storySchema,
  storyStatisticsSchema,
} from '../schemas/stories.ts';
import {
  storyReplyBody,
  storyReplyResponse,
  storyViewersPage,
  storyViewersQuery,
} from '../schemas/story-audience.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const storiesEndpoints = {
  /** JSON after a finished tus upload, or multipart (field `file`, field `model` as JSON). */
  createStory: defineEndpoint(r.createStory, {
    body: createStoryFromUploadBody,
    alsoMultipart: true,
    status: 201,
    response: storySchema,
    errors: [
      'verification_required',
      'max_price_error',
      'file_missing',
      'file_empty',
      'file_too_large',
      'unsupported_file',
      'upload_not_found',
      'upload_incomplete',
    ],
  }),
  ownStories: defineEndpoint(r.ownStories, { response: z.array(ownStorySchema) }),
  storyGroup: defineEndpoint(r.storyGroup, {
    params: idParam,
    response: storyGroupSchema,
    errors: ['user_not_found'],
  }),
  story: defineEndpoint(r.story, {
    params: idParam,
    response: storySchema,
    errors: ['story_not_found'],
  }),
  editStory: defineEndpoint(r.editStory, {
    params: idParam,
    body: editStoryBody,
    response: messageBody,
    errors: ['story_not_found', 'forbidden', 'verification_required', 'max_price_error'],
  }),
  deleteStory: defineEndpoint(r.deleteStory, {
    params: idParam,
    status: 204,
    errors: ['story_not_found', 'forbidden'],
  }),
  storyStatistics: defineEndpoint(r.storyStatistics, {
    params: idParam,
    response: storyStatisticsSchema,
    errors: ['story_not_found', 'forbidden'],
  }),
  watchStory: defineEndpoint(r.watchStory, {
    params: idParam,
    status: 204,
    errors: ['story_not_found'],
  }),
  reportStory: defineEndpoint(r.reportStory, {
    params: idParam,
    body: reportStoryBody,
    response: reportStoryResponse,
    errors: ['story_not_found', 'rate_limited'],
  }),
  /**
   * A direct message to the story's creator quoting the story, by the creator's message rules
   * (the refusals of POST /api/messages/send); the viewer must be allowed to see the story.
   */
  replyToStory: defineEndpoint(r.replyToStory, {
    params: idParam,
    body: storyReplyBody,
    status: 201,
    response: storyReplyResponse,
    errors: ['story_not_found', 'should_pay_option', 'cannot_send_msg', 'user_not_found'],
  }),
  /** Who watched the owner's story, newest first, a page at a time. */
  storyViewers: defineEndpoint(r.storyViewers, {
    params: idParam,
    query: storyViewersQuery,
    response: storyViewersPage,
    errors: ['story_not_found', 'forbidden'],
  }),
};
