export { EntityDetailPage, useRelatedTabs, type EntityDetailPageProps } from './entity-detail-page';
export { ContributedListsContext, type RelatedList } from './related-list';
export { DETAIL_COLUMNS, EntityDescriptions } from './entity-descriptions';
export { StateTimeline, stateLogEntries, type StateLogEntry, type StatusLabel } from './state-timeline';
export { RecordHistory, changeText, loggedText, useLoggedWords, type LoggedWords } from './record-history';
export { pageSubtitles, usePageSubtitle, usePageSubtitles } from './page-subtitle';
