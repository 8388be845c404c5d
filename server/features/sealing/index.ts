export { SealingJob } from './sealing.job';
export { sealOrdersInClear, resealOrders, ordersNotUnderCurrentKey, type SealingDeps } from './seal-orders';
export {
  rotateKeys,
  ROTATION_STEPS,
  orderAnswersStep,
  type RotationDeps,
  type RotationResult,
  type RotationStep,
} from './rotation';
