import { NOTIFICATION_TYPES } from '@glimpse/contract';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import './notifications-texts.ts';
import { NotificationText } from './notification-text.tsx';
import { makeNotification } from './test/notification-fixtures.ts';

const textOf = (overrides: Parameters<typeof makeNotification>[0]) =>
  render(<NotificationText line={makeNotification(overrides)} />).container.textContent;

describe('NotificationText', () => {
  it('has a text for every type, and a name for it in the settings', () => {
    for (const type of NOTIFICATION_TYPES) {
      expect(i18n.exists(`notifications.lines.${type}`), type).toBe(true);
      expect(i18n.exists(`notifications.types.${type}`), type).toBe(true);
    }
  });

  it('writes grouped lines, money, outcomes and lines without an actor', () => {
    expect(textOf({ type: 'subscriber_new', others: 1 })).toBe('Mia Wong and 1 other subscribed');
    expect(textOf({ type: 'subscriber_new', others: 12 })).toBe(
      'Mia Wong and 12 others subscribed',
    );
    expect(textOf({ type: 'direct_message', others: 2 })).toBe('Mia Wong sent you 3 messages');
    expect(textOf({ type: 'tip_received', data: { amount: 5 } })).toBe(
      'Mia Wong sent you a tip of $5.00',
    );
    expect(textOf({ type: 'tip_received', actor: null, data: { amount: 5 } })).toBe(
      'You received a tip of $5.00',
    );
    expect(textOf({ type: 'payout_paid', actor: null, data: { amount: 120.5 } })).toBe(
      'Your payout of $120.50 was paid',
    );
    expect(textOf({ type: 'verification_decided', data: { outcome: 'approved' } })).toBe(
      'Your identity is verified',
    );
    expect(textOf({ type: 'verification_decided', data: { outcome: 'something' } })).toBe(
      'Your identity verification has a result',
    );
    expect(textOf({ type: 'story_posted', actor: null })).toBe('Someone posted a story');
  });

  it('speaks German', async () => {
    await act(() => i18n.changeLanguage('de'));
    try {
      expect(textOf({ type: 'subscriber_new', others: 12 })).toBe(
        'Mia Wong und 12 weitere haben dich abonniert',
      );
      expect(textOf({ type: 'tip_received', actor: null, data: { amount: 5 } })).toMatch(
        /^Du hast ein Trinkgeld von 5,00\s\$ erhalten$/,
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
