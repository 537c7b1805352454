import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../services/eventstore/types.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';
import { MESSAGE_SOURCES, messageOf } from './messages.ts';

const stored = (type: string, data: Record<string, unknown>) =>
  ({ globalPosition: 7, transactionId: '1', streamId: 'org-o1', streamPosition: 3, eventId: 'e1', metadata: {}, createdAt: new Date('2026-11-25T00:00:00Z'), type, data }) as unknown as StoredEvent<OrgEvent>;

describe('webhook messages', () => {
  it('tell the receiver of a failed auto top-up, with the reason, under an id stable across retries', () => {
    expect(MESSAGE_SOURCES).toContain('AutoTopUpFailed');
    expect(messageOf(stored('AutoTopUpFailed', { orgId: 'o1', crossing: 'o1-u1', reason: 'card declined', at: '' }))).toEqual({
      orgId: 'o1',
      id: 'msg_e1',
      type: 'auto_top_up.failed',
      timestamp: '2026-11-25T00:00:00.000Z',
      data: { organizationId: 'o1', crossing: 'o1-u1', reason: 'card declined' },
    });
  });

  it('say nothing of events a receiver does not subscribe to', () => {
    expect(messageOf(stored('AutoTopUpAttempted', { orgId: 'o1', crossing: 'c', planId: 'p', month: '2026-11', at: '' }))).toBeNull();
  });
});
