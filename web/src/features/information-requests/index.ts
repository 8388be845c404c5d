/**
 * The request for information's public entry (docs/decisions/0045): the queues' "Customer replied" mark. The order
 * page's part (InformationRequestSection.tsx) is mounted in its slot by app/OrderDetailRoute.tsx, which imports it
 * by its file: the queue screen, the frame's first screen, would otherwise reach its forms and their schemas.
 */
export { CustomerRepliedMark } from './CustomerRepliedMark';
export { useRepliedMarks } from './use-replied-marks';
