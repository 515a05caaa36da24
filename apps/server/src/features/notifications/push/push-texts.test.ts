import { describe, expect, it } from 'vitest';
import { pushText, type PushFacts } from './push-texts.ts';

const notice: PushFacts = {
  type: 'moderation_notice',
  actor: '',
  others: 0,
  money: '',
  outcome: 'take_down',
  creator: '',
};

describe('a moderation notice pushed to the owner', () => {
  it('names the taken-down item by its words, quoted the language’s way', () => {
    expect(pushText({ ...notice, excerpt: 'Beach day' }, 'en').body).toBe(
      'Your content was removed for breaking our rules: “Beach day”',
    );
    expect(pushText({ ...notice, excerpt: 'Beach day' }, 'de').body).toBe(
      'Dein Inhalt wurde wegen eines Regelverstoßes entfernt: „Beach day“',
    );
  });

  it('says the decision alone for an item without words', () => {
    expect(pushText(notice, 'en')).toEqual({
      title: 'Moderation',
      body: 'Your content was removed for breaking our rules',
    });
  });
});
