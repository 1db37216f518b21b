export {
  DataProvider,
  useDataAdapters,
  useEmojiInitOptions,
  type CreatedLabel,
  type DataAdapters,
  type DataProviderProps,
  type LabelCreation,
  type LabelOwner,
  type NewLabel,
  type UserProject,
  type UserProjectsQuery,
} from './DataProvider';
