/**
 * What the demo chats say. People are named by their demo login's first part (`anna` is
 * anna@demo.glimpse.app); `hoursAgo` spreads a conversation over the last days.
 */

export interface DemoLine {
  from: string;
  text: string;
  hoursAgo: number;
  /** A tip of this many dollars with `text` as its message, instead of a text message. */
  tip?: number;
}

export interface DemoDirectChat {
  viewer: string;
  creator: string;
  lines: DemoLine[];
}

export const DEMO_DIRECT_CHATS: DemoDirectChat[] = [
  {
    viewer: 'mia',
    creator: 'anna',
    lines: [
      { from: 'mia', text: 'Hi Anna! Your last routine was amazing', hoursAgo: 70 },
      { from: 'anna', text: 'Thank you Mia, that means a lot', hoursAgo: 69 },
      { from: 'mia', text: 'How long did it take you to learn it?', hoursAgo: 50 },
      { from: 'anna', text: 'About two weeks of evenings in the studio', hoursAgo: 49 },
      { from: 'mia', text: 'For the new shoes', hoursAgo: 26, tip: 5 },
      { from: 'anna', text: "You're too kind! They're already ordered", hoursAgo: 25 },
    ],
  },
  {
    viewer: 'mia',
    creator: 'ben',
    lines: [
      { from: 'mia', text: 'Ben, could you check my squat form sometime?', hoursAgo: 40 },
      { from: 'ben', text: 'Sure, send me a clip from the side', hoursAgo: 38 },
      { from: 'mia', text: 'Will do after tomorrow morning', hoursAgo: 37 },
    ],
  },
  {
    viewer: 'mia',
    creator: 'chloe',
    lines: [
      { from: 'chloe', text: 'Thanks for the follow!', hoursAgo: 90 },
      {
        from: 'mia',
        text: 'Love your vintage finds, where was the green coat from?',
        hoursAgo: 88,
      },
      {
        from: 'chloe',
        text: 'A flea market in Saint-Ouen, Sunday mornings are best',
        hoursAgo: 12,
      },
    ],
  },
  {
    viewer: 'noah',
    creator: 'anna',
    lines: [
      { from: 'noah', text: 'Hey Anna, do you teach classes online?', hoursAgo: 30 },
      { from: 'anna', text: 'Not yet, maybe this summer. Watch the channel!', hoursAgo: 28 },
    ],
  },
  {
    viewer: 'noah',
    creator: 'dario',
    lines: [
      { from: 'noah', text: 'I tried your ragu recipe last weekend', hoursAgo: 60 },
      { from: 'dario', text: 'And?', hoursAgo: 59 },
      { from: 'noah', text: 'Best Sunday lunch in months', hoursAgo: 58 },
      { from: 'dario', text: 'Told you: three hours, no shortcuts', hoursAgo: 57 },
    ],
  },
];

/** The creator whose channel is the busy demo channel. */
export const DEMO_CHANNEL_OWNER = 'anna';

/** A line of the channel: text, a tip, the pinned announcement or the owner's voice note. */
export interface DemoChannelLine extends DemoLine {
  pinned?: boolean;
  audio?: boolean;
}

export const DEMO_CHANNEL: DemoChannelLine[] = [
  { from: 'anna', text: 'Welcome to my channel! New routines every Friday', hoursAgo: 120 },
  { from: 'anna', text: 'Rehearsal went long today, the new piece is almost ready', hoursAgo: 96 },
  { from: 'mia', text: "Can't wait!", hoursAgo: 95 },
  { from: 'noah', text: 'Which song is it?', hoursAgo: 94 },
  { from: 'anna', text: 'A surprise :) Friday, 6 pm Madrid time', hoursAgo: 93 },
  { from: 'olivia', text: 'Will there be a tutorial version?', hoursAgo: 80 },
  {
    from: 'anna',
    text: 'Friday 6 pm: premiere of the new routine. Slow tutorial for subscribers on Sunday.',
    hoursAgo: 79,
    pinned: true,
  },
  { from: 'anna', text: '', hoursAgo: 48, audio: true },
  { from: 'lucas', text: 'That voice note made my day', hoursAgo: 47 },
  { from: 'noah', text: 'For the costumes', hoursAgo: 30, tip: 10 },
  { from: 'anna', text: 'Thank you Noah!', hoursAgo: 29 },
  { from: 'sasha', text: 'Any advice for turns on a slippery floor?', hoursAgo: 20 },
  { from: 'anna', text: 'A little water on the soles, and spot every turn', hoursAgo: 19 },
  { from: 'mia', text: 'Trying that tonight', hoursAgo: 18 },
  { from: 'anna', text: 'See you all on Friday!', hoursAgo: 2 },
];
