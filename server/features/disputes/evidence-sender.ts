/**
 * What every provider's evidence call is: it takes the evidence and both packs' PDFs and answers what it sent (for the
 * record), or throws ProviderRefusal (the provider said no, in words for the member) or ProviderUnreachable (nothing
 * was taken; worth another try).
 */
import type { DisputeEvidence } from '../../../shared/schemas/disputes';
import type { DisputeRow } from './disputes.store';

export interface PackFile {
  pack: 1 | 2;
  filename: string;
  pdf: Buffer;
}

export class ProviderRefusal extends Error {
  constructor(readonly words: string) {
    super(words);
  }
}

export class ProviderUnreachable extends Error {}

export interface EvidenceSender {
  send(
    dispute: DisputeRow,
    evidence: DisputeEvidence,
    files: PackFile[],
    submit: boolean,
  ): Promise<Record<string, unknown>>;
}
