// The lazy search chunk (see load.ts): the modal and the engine, loaded
// together on first use. Nothing else imports these modules' values.
export { SearchModal } from './SearchModal';
export { createSearchEngine } from '../engine';
