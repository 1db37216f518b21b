export {
  FilterForm,
  buildFilterUrl,
  FILTER_FORM_RESET_PARAMS,
  type FilterFormProps,
  type FilterFormOtherParams,
  type BuildFilterUrlOptions,
} from './FilterForm';
