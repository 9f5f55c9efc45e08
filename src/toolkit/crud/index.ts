// The pieces of a business screen (README "Adding a plugin"): compose them, or use EntityListPage.
export { EntityListPage, type EntityListPageProps, type GuardedAction, type ListControls } from './entity-list-page';
export { useEntityList, type EntityList, type EntityListOptions } from './use-entity-list';
export { useEntityForm, useEntityRecordForm, useGuardedModalState, bodyOf, formValuesOf, type EntityForm, type EntityFormOptions, type EntityRecordForm, type EntityRecordFormOptions } from './use-entity-form';
export { EntityFormItems, type EntityFormItemsProps } from './entity-form-items';
export { EntityChildGrid } from './entity-child-grid';
export { EntityFormDialog, type EntityFormDialogProps } from './entity-form-dialog';
export { EntityFormBody, EntityFormModal, type EntityFormModalProps } from './entity-form-modal';
export { useRowActionsColumn, type RowAction, type RowActionsColumnOptions } from './row-actions';
export { LIST_TABLE_PROPS, selectionCheckboxProps, WRAP_CELL } from './list-table';
export { BatchDeleteButton, CreateButton, DownloadButton, ExportButton, GatedButton, useFileDownload } from './list-toolbar';
export { ImportButton, readImportOutcome, type ImportOutcome } from './excel-import';
export { StatusTabs, TabCountBadge, useStatusTab, type StatusTab, type StatusTabsProps } from './status-tabs';
export { useEntityAction, useFormAction, type EntityActionCall, type EntityActionOptions, type FormActionOptions } from './use-entity-action';
export { useUrlParam, useModalState } from './use-url-params';
export { useServerFeedback, QUIET } from './use-server-feedback';
export { SearchButtons, SearchForm } from './search-form';
export { FieldInput, SearchInput } from './field-input';
export { fieldRules, MONEY_DECIMALS } from './field-rules';
export { dictColumn, entityColumns, WIDE_ONLY } from './columns';
export { amountValue, deductionText, fieldValueText, moneyText } from './money';
export { refusalOfBlob, saveBlob } from './save-blob';
export { searchFilters, wireValue } from './search-query';
export { readModalState, writeModalState, modalKeys, type ModalState } from './url-state';
export { checkDuplicate, checkRule, duplicateRule, checkRuleRule, sameAsRule, shouldCheckDuplicate, shouldCheckRule } from './validators';
export { resourceOf } from './resource';
export { LoadErrorAlert } from './load-error-alert';
export { SelectionAlert } from './selection-alert';
export { useEntityRecord } from './use-record';
export { useCustomCall, type CustomCall } from './use-custom-call';
export { useCustomRead, type CustomRead } from './use-custom-read';
export { useEntityDelete } from './use-entity-delete';
// Still used by the shell's password dialog only (src/shell/dialogs/password-modal.tsx, imported from
// its file, not from here): it is rendered and tested outside <Refine> (tests/unit/shell). Delete with it.
export { RemoteSelect, recordsOf, type RemoteRow, type RemoteSelectProps } from './remote-select';
export { ContributedActionsContext, ContributedBatchActions, type BatchActionProps, type ContributedBatchAction } from './contributed-actions';
