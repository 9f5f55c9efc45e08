export { EntityDetailPage, type EntityDetailPageProps, type RelatedList } from './entity-detail-page';
export { EntityDescriptions } from './entity-descriptions';
export { StateTimeline, type StateLogEntry } from './state-timeline';
