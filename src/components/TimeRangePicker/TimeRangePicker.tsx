import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import clsx from 'clsx';
import { useRef, type ComponentPropsWithoutRef, type CSSProperties, type Ref } from 'react';
import { DismissButton, Overlay } from 'react-aria/Overlay';
import { useButton } from 'react-aria/useButton';
import { useListBox, useOption, type AriaListBoxOptions } from 'react-aria/useListBox';
import { useOverlay } from 'react-aria/useOverlay';
import { HiddenSelect, useSelect } from 'react-aria/useSelect';
import { Item, useSelectState, type SelectState } from 'react-stately';
import { useControllableState } from '../../hooks/useControllableState';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { Icon } from '../Icon';
import { VisuallyHidden } from '../VisuallyHidden';
import {
  DEFAULT_TIME_RANGE_NAME,
  findTimeRange,
  TIME_RANGE_OPTIONS,
  type TimeRangeName,
  type TimeRangeOption,
} from './timeRangeOptions';
import './TimeRangePicker.css';

/** The picker's label when none is given. */
export const TIME_RANGE_PICKER_DEFAULT_LABEL = 'Time range';
/** Gap in px between the trigger and the list (`--fk-space-2`). */
export const TIME_RANGE_PICKER_OFFSET = 4;
/** Smallest distance in px the list keeps from the viewport edges (`--fk-space-3`). */
export const TIME_RANGE_PICKER_VIEWPORT_PADDING = 8;

export interface TimeRangePickerProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'onChange' | 'defaultValue' | 'children'
> {
  /**
   * The selected range's name (controlled). Leave undefined for an uncontrolled picker.
   * @default undefined
   */
  value?: TimeRangeName;
  /**
   * The range selected first when uncontrolled (spec section 9: 8 hours is the default).
   * @default 'eightHours'
   */
  defaultValue?: TimeRangeName;
  /** Called with the chosen option (label, shortcut, duration, name, interval) when the user picks one. */
  onChange?: (option: TimeRangeOption) => void;
  /**
   * The ranges offered, in order; a subset of `TIME_RANGE_OPTIONS` where fewer make sense.
   * @default TIME_RANGE_OPTIONS
   */
  options?: readonly TimeRangeOption[];
  /**
   * The picker's accessible label, shown before the trigger.
   * @default 'Time range'
   */
  label?: string;
  /**
   * Hide the label visually (it stays the trigger's accessible name), where the context names the picker.
   * @default false
   */
  isLabelHidden?: boolean;
  /**
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Form field name: a hidden native select submits the selected range's name with the form.
   * @default undefined
   */
  name?: string;
  /**
   * Where the list is portalled.
   * @default document.body
   */
  portalContainer?: Element;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A select for the time range of a chart or a list (spec sections 3 and 9): 30 minutes, 3 hours,
 * 8 hours (default), 1 day, 3 days, 7 days, 30 days. A button opens a listbox; react-aria provides the
 * keyboard (arrows, Home/End, type to select, Enter/Space, Escape) and the ARIA, floating-ui places
 * the list.
 */
export function TimeRangePicker({
  value,
  defaultValue = DEFAULT_TIME_RANGE_NAME,
  onChange,
  options = TIME_RANGE_OPTIONS,
  label = TIME_RANGE_PICKER_DEFAULT_LABEL,
  isLabelHidden = false,
  isDisabled = false,
  name,
  portalContainer,
  className,
  ref,
  ...rest
}: TimeRangePickerProps) {
  const [selectedName, setSelectedName] = useControllableState<TimeRangeName>({
    value,
    defaultValue,
    onChange: (next) => {
      const option = findTimeRange(next, options);
      if (option) onChange?.(option);
    },
  });

  const selectProps = {
    label,
    isDisabled,
    name,
    items: options,
    children: (option: TimeRangeOption) => (
      <Item key={option.name} textValue={option.label}>
        {option.label}
      </Item>
    ),
    value: selectedName,
    onChange: (key: unknown) => {
      if (typeof key === 'string') setSelectedName(key as TimeRangeName);
    },
  };
  const state = useSelectState<TimeRangeOption>(selectProps);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { labelProps, triggerProps, valueProps, menuProps } = useSelect(selectProps, state, triggerRef);
  const { buttonProps } = useButton(triggerProps, triggerRef);

  const { refs, floatingStyles } = useFloating({
    open: state.isOpen,
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [
      offset(TIME_RANGE_PICKER_OFFSET),
      flip({ padding: TIME_RANGE_PICKER_VIEWPORT_PADDING }),
      shift({ padding: TIME_RANGE_PICKER_VIEWPORT_PADDING }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const setTriggerRef = useMergedRefs(triggerRef, refs.setReference);

  const selected = findTimeRange(selectedName, options);
  const labelElement = isLabelHidden ? (
    <VisuallyHidden {...labelProps} data-component="TimeRangePicker.Label">
      {label}
    </VisuallyHidden>
  ) : (
    <span {...labelProps} className="fk-time-range-picker__label" data-component="TimeRangePicker.Label">
      {label}
    </span>
  );

  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-time-range-picker', className)}
      data-component="TimeRangePicker"
      data-state={state.isOpen ? 'open' : 'closed'}
      data-disabled={isDisabled || undefined}
    >
      {labelElement}
      <HiddenSelect state={state} triggerRef={triggerRef} label={label} name={name} isDisabled={isDisabled} />
      <button
        {...buttonProps}
        ref={setTriggerRef}
        className="fk-time-range-picker__trigger"
        data-component="TimeRangePicker.Trigger"
        data-value={selected?.name}
      >
        <Icon name="clock" className="fk-time-range-picker__icon" />
        <span {...valueProps} className="fk-time-range-picker__value">
          {selected?.label}
        </span>
        <Icon name="chevron-down" className="fk-time-range-picker__chevron" />
      </button>
      {state.isOpen && (
        <Overlay portalContainer={portalContainer}>
          <TimeRangePickerPopover
            state={state}
            menuProps={menuProps}
            options={options}
            floatingRef={refs.setFloating}
            floatingStyles={floatingStyles}
          />
        </Overlay>
      )}
    </div>
  );
}

interface PopoverProps {
  state: SelectState<TimeRangeOption>;
  menuProps: AriaListBoxOptions<TimeRangeOption>;
  options: readonly TimeRangeOption[];
  floatingRef: (node: HTMLElement | null) => void;
  floatingStyles: CSSProperties;
}

/** The open list: dismissed by Escape, a click outside (the trigger included) or focus leaving. */
function TimeRangePickerPopover({ state, menuProps, options, floatingRef, floatingStyles }: PopoverProps) {
  const popoverRef = useRef<HTMLDivElement>(null);
  const { overlayProps } = useOverlay(
    {
      isOpen: state.isOpen,
      onClose: state.close,
      isDismissable: true,
      shouldCloseOnBlur: true,
    },
    popoverRef,
  );
  const setRef = useMergedRefs<HTMLDivElement>(popoverRef, floatingRef);
  return (
    <div
      {...overlayProps}
      ref={setRef}
      style={floatingStyles}
      className="fk-time-range-picker__popover"
      data-component="TimeRangePicker.Popover"
    >
      <DismissButton onDismiss={state.close} />
      <TimeRangeListBox state={state} menuProps={menuProps} options={options} />
      <DismissButton onDismiss={state.close} />
    </div>
  );
}

function TimeRangeListBox({ state, menuProps, options }: Pick<PopoverProps, 'state' | 'menuProps' | 'options'>) {
  const ref = useRef<HTMLUListElement>(null);
  const { listBoxProps } = useListBox(menuProps, state, ref);
  return (
    <ul {...listBoxProps} ref={ref} className="fk-time-range-picker__listbox" data-component="TimeRangePicker.ListBox">
      {[...state.collection].map((item) => {
        const option = options.find((candidate) => candidate.name === item.key);
        return option ? <TimeRangeOptionItem key={option.name} option={option} state={state} /> : null;
      })}
    </ul>
  );
}

function TimeRangeOptionItem({ option, state }: { option: TimeRangeOption; state: SelectState<TimeRangeOption> }) {
  const ref = useRef<HTMLLIElement>(null);
  const { optionProps, descriptionProps, isSelected, isFocused, isFocusVisible } = useOption(
    { key: option.name },
    state,
    ref,
  );
  return (
    <li
      {...optionProps}
      ref={ref}
      className="fk-time-range-picker__option"
      data-component="TimeRangePicker.Option"
      data-value={option.name}
      data-selected={isSelected || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      <Icon name="check-sm" className="fk-time-range-picker__check" />
      {/* The option is named by its content (the label); the shortcut is left out of the name. */}
      <span className="fk-time-range-picker__option-label">{option.label}</span>
      {/* aria-hidden keeps the shortcut out of the name; aria-describedby still reads it as the description. */}
      <span {...descriptionProps} className="fk-time-range-picker__shortcut" aria-hidden="true">
        {option.shortcut}
      </span>
    </li>
  );
}
