// The lazy search chunk (see load.ts): the modal, the engine and the search
// page, loaded together on first use. Nothing else imports these modules'
// values. The page is here rather than in a chunk of its own: a second
// chunk sharing the engine's modules made Rolldown split the entry's own
// modules out into a shared chunk that every page then loads
// (rolldown/rolldown#10731).
export { SearchModal } from './SearchModal';
export { createSearchEngine } from '../engine';
export { SearchPage } from '../page/SearchPage';
