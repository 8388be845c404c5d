/**
 * What the providers' statuses mean here, without a database: each provider status maps to a phase, and the phase
 * with what staff sent gives our state; amounts in minor units become decimal strings (zero-decimal currencies as
 * they are); the due-date colour of the ChargeBack queue follows the hours left.
 */
import { describe, expect, it } from 'vitest';
import { evidenceDueUrgency } from '../../../shared/schemas/disputes';
import { disputeState, fromMinorUnits, paypalPhase, stripePhase } from './dispute-state';

describe('dispute states', () => {
  it("maps Stripe's and PayPal's statuses to a phase", () => {
    expect(
      [
        'warning_needs_response',
        'needs_response',
        'warning_under_review',
        'under_review',
        'won',
        'warning_closed',
        'prevented',
        'lost',
      ].map(stripePhase),
    ).toEqual(['open', 'open', 'review', 'review', 'won', 'won', 'won', 'lost']);
    expect(paypalPhase('WAITING_FOR_SELLER_RESPONSE', null)).toBe('open');
    expect(paypalPhase('OPEN', null)).toBe('open');
    expect(paypalPhase('UNDER_REVIEW', null)).toBe('review');
    expect(paypalPhase('RESOLVED', 'RESOLVED_SELLER_FAVOUR')).toBe('won');
    expect(paypalPhase('RESOLVED', 'RESOLVED_BUYER_FAVOUR')).toBe('lost');
  });

  it('tells a loss after submitted evidence from one conceded without any', () => {
    const none = { savedAt: null, submittedAt: null, submittedAtProvider: false };
    expect(disputeState('open', none)).toBe('needs_evidence');
    expect(disputeState('open', { ...none, savedAt: '2026-01-01' })).toBe('saved');
    expect(disputeState('open', { ...none, submittedAt: '2026-01-01' })).toBe('submitted');
    expect(disputeState('review', none)).toBe('submitted');
    expect(disputeState('lost', none)).toBe('accepted');
    expect(disputeState('lost', { ...none, savedAt: '2026-01-01' })).toBe('accepted');
    expect(disputeState('lost', { ...none, submittedAtProvider: true })).toBe('lost');
    expect(disputeState('lost', { ...none, submittedAt: '2026-01-01' })).toBe('lost');
    expect(disputeState('won', none)).toBe('won');
  });

  it('reads minor units by currency', () => {
    expect(fromMinorUnits(4900, 'USD')).toBe('49.00');
    expect(fromMinorUnits(5, 'eur')).toBe('0.05');
    expect(fromMinorUnits(5000, 'JPY')).toBe('5000.00');
    expect(fromMinorUnits(12000, 'krw')).toBe('12000.00');
  });

  it('colours an open dispute as its evidence due date nears, and never a closed one', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const due = (hours: number, state: 'needs_evidence' | 'saved' | 'submitted' | 'won' = 'needs_evidence') =>
      evidenceDueUrgency({ evidence_due_at: new Date(now.getTime() + hours * 3_600_000).toISOString(), state }, now);
    expect(due(100)).toBeNull();
    expect(due(60)).toEqual({ level: 'urgent', text: 'Evidence due in 2 days' });
    expect(due(30, 'saved')).toEqual({ level: 'urgent', text: 'Evidence due in 30 h' });
    expect(due(5)).toEqual({ level: 'very-urgent', text: 'Evidence due in 5 h' });
    expect(due(0.5)).toEqual({ level: 'very-urgent', text: 'Evidence due in less than an hour' });
    expect(due(-1)).toEqual({ level: 'passed', text: 'Evidence due date passed' });
    expect(due(5, 'submitted')).toBeNull();
    expect(due(5, 'won')).toBeNull();
    expect(evidenceDueUrgency({ evidence_due_at: null, state: 'needs_evidence' }, now)).toBeNull();
  });
});
