/**
 * The request for information's public entry (docs/decisions/0045): its routes are mounted by features/index.ts;
 * main.ts starts its follow-up job; the reports feature reads its monthly figures.
 */
export { FollowUpJob } from './follow-up.job';
export { runFollowUps, type FollowUpRun } from './follow-up.service';
export { monthlyRequestFigures } from './request-figures';
export { requestAnswersRotationStep, sealRequestAnswers } from './request-sealing';
