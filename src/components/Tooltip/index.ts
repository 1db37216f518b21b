// The Tooltip component's module: what the package's own components load with `import('../Tooltip')`
// (a trail's cut breadcrumb, a time's full date, a copy button's feedback). A module loaded that way
// keeps every export it has, so the delegated manager (initTooltips and the rest, 7.9 KB minified)
// is not here: the package's entry exports it from ./tooltipManager, and a page that never calls it
// neither loads nor carries it.
export { Tooltip, TOOLTIP_TYPES, type TooltipProps, type TooltipType } from './Tooltip';
export {
  TOOLTIP_DELAY_STORAGE_KEY,
  TOOLTIP_PLACEMENTS,
  TOOLTIP_SELECTOR,
  TOOLTIP_TRIGGERS,
  type TooltipDelay,
  type TooltipPlacement,
  type TooltipTrigger,
} from './tooltipOptions';
