export { Tooltip, TOOLTIP_TYPES, type TooltipProps, type TooltipType } from './Tooltip';
export {
  initTooltips,
  addTooltips,
  disposeTooltips,
  fixTooltipTitle,
  enableTooltips,
  disableTooltips,
  showTooltip,
  hideTooltip,
  destroyTooltips,
  TOOLTIP_SELECTOR,
  type InitTooltipsOptions,
  type TooltipManager,
  type TooltipTargets,
  type TooltipTargetRef,
} from './tooltipManager';
export {
  TOOLTIP_DELAY_STORAGE_KEY,
  TOOLTIP_PLACEMENTS,
  TOOLTIP_TRIGGERS,
  type TooltipDelay,
  type TooltipPlacement,
  type TooltipTrigger,
} from './tooltipOptions';
