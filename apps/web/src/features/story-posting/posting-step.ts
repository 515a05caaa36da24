/**
 * The camera flow's step (spec 2 "Chat screen"): -1 closed, 0 record, 1 result preview, 2 the
 * before-posting form. Closing the result returns to 0; a successful post resets to -1.
 */
export type PostingStep = -1 | 0 | 1 | 2;
