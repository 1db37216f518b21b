export {
  Modal,
  MODAL_SIZES,
  MODAL_DEFAULT_SIZE,
  MODAL_ACTION_VARIANTS,
  MODAL_TRANSITION_DURATION,
  MODAL_DEFAULT_CLOSE_LABEL,
  type ModalProps,
  type ModalAction,
  type ModalActionVariant,
  type ModalSize,
  type ModalState,
} from './Modal';
export { confirmAction, CONFIRM_ACTION_DEFAULTS, type ConfirmActionOptions } from './confirmAction';
export {
  confirmViaModal,
  confirmOptionsFromElement,
  CONFIRM_SELECTOR,
  CONFIRM_VIA_MODAL_ALREADY_STARTED,
} from './confirmViaModal';
