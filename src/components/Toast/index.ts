export { Toast, useAutoHide, TOAST_CLOSE_LABEL, TOAST_REGION_LABEL, type ToastProps, type ToastAction } from './Toast';
export { showToast, hideToast, hideAllToasts, type ShowToastOptions, type ToastHandle } from './showToast';
