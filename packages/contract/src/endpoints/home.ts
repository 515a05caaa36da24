import { z } from 'zod';
import { HOME_SECTIONS, homeFilterQuery, homeItemSchema } from '../schemas/home.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const homeSectionParam = z.object({ section: z.enum(HOME_SECTIONS) });

export const homeEndpoints = {
  homeStories: defineEndpoint(r.homeStories, {
    params: homeSectionParam,
    query: homeFilterQuery,
    response: z.array(homeItemSchema),
  }),
  /** The same sections limited to creators live now (the viewer may watch or pay to). */
  homeStreams: defineEndpoint(r.homeStreams, {
    params: homeSectionParam,
    query: homeFilterQuery,
    response: z.array(homeItemSchema),
  }),
};
