export {
  Popover,
  POPOVER_TRIGGERS,
  POPOVER_DEFAULT_DELAY,
  POPOVER_OFFSET,
  POPOVER_BOUNDARY_PADDING,
  type PopoverProps,
  type PopoverTrigger,
} from './Popover';
